import { describe, expect, it } from 'vitest';
import { csvCell, slugPart, toCsv } from './csv.ts';

describe('CSV helper', () => {
  it('quotes cells with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
  });

  it.each(['=SUM(A1:A2)', '+1', '-1+2', '@cmd', '\tx', '\rx'])('prefixes the formula-like cell %j with an apostrophe', (value) => {
    expect(csvCell(value).replace(/^"/, '')).toMatch(/^'/);
  });

  it('leaves numbers (even negative ones) and text with a formula character later on alone', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(1250)).toBe('1250');
    expect(csvCell('a=b')).toBe('a=b');
    expect(csvCell("it's")).toBe("it's");
  });

  it('guards and quotes together', () => {
    expect(csvCell('=HYPERLINK("http://evil","x")')).toBe(`"'=HYPERLINK(""http://evil"",""x"")"`);
  });

  it('writes a header and one CRLF line per row', () => {
    expect(toCsv(['Referrer', 'Visitors'], [['(direct / none)', 3], ['a, b', 1]])).toBe('Referrer,Visitors\r\n(direct / none),3\r\n"a, b",1\r\n');
  });

  it('makes file name parts', () => {
    expect(slugPart('Revenue by UTM source')).toBe('revenue-by-utm-source');
  });
});
