import { describe, expect, it } from 'vitest';
import { toMajorUnits } from '@shopfront/core';
import { neutraliseCell } from './orders-csv-stream.ts';

describe('CSV cells', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+1', "'+1"],
    ['-2', "'-2"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['Ada = great', 'Ada = great'],
    ['', ''],
  ])('%j → %j', (input, output) => {
    expect(neutraliseCell(input)).toBe(output);
  });

  it('writes amounts with the currency’s own decimals', () => {
    expect(toMajorUnits(1250, 'USD')).toBe('12.50');
    expect(toMajorUnits(5, 'EUR')).toBe('0.05');
    expect(toMajorUnits(500, 'JPY')).toBe('500');
    expect(toMajorUnits(0, 'USD')).toBe('0.00');
  });
});
