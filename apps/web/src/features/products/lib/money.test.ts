import { describe, expect, it } from 'vitest';
import { centsToInput, formatMoney, inputToCents } from './money.ts';

describe('money', () => {
  it('reads typed amounts as minor units', () => {
    expect(inputToCents('12.50', 'USD')).toBe(1250);
    expect(inputToCents('12.5', 'USD')).toBe(1250);
    expect(inputToCents('12', 'USD')).toBe(1200);
    expect(inputToCents('12,50', 'EUR')).toBe(1250);
    expect(inputToCents('$1,299.99', 'USD')).toBe(129999);
    expect(inputToCents(' 0.5 ', 'USD')).toBe(50);
    expect(inputToCents('500', 'JPY')).toBe(500);
  });

  it('tells empty from not an amount', () => {
    expect(inputToCents('', 'USD')).toBeNull();
    expect(inputToCents('   ', 'USD')).toBeNull();
    expect(inputToCents('abc', 'USD')).toBeNaN();
    expect(inputToCents('1.999', 'USD')).toBeNaN();
    expect(inputToCents('5.5', 'JPY')).toBeNaN();
    expect(inputToCents('-3', 'USD')).toBeNaN();
  });

  it('shows minor units back in major units', () => {
    expect(centsToInput(1250, 'USD')).toBe('12.50');
    expect(centsToInput(1200, 'USD')).toBe('12');
    expect(centsToInput(null, 'USD')).toBe('');
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(900, 'EUR')).toBe('€9');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });
});
