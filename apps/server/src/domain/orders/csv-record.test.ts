import { stringify } from 'csv-stringify/sync';
import { describe, expect, it } from 'vitest';
import { csvRecord } from './csv-record.ts';

describe('csvRecord', () => {
  it.each([
    [['plain', 'two words', '']],
    [['a,b', 'say "hi"', 'line\nbreak', 'carriage\rreturn', '"', ',', '']],
    [["'=SUM(A1)", 'Ünïcødé ✓', '  spaced  ', '12.50']],
    [['', '', '']],
  ])('writes %j exactly as csv-stringify does', (cells) => {
    expect(csvRecord(cells)).toBe(stringify([cells]));
  });
});
