import { describe, expect, it } from 'vitest';
import { parseByteRange } from './parse-byte-range.ts';

describe('parseByteRange', () => {
  it.each([
    ['bytes=0-99', { kind: 'partial', start: 0, end: 99 }],
    ['bytes=100-', { kind: 'partial', start: 100, end: 999 }],
    ['bytes=-100', { kind: 'partial', start: 900, end: 999 }],
    ['bytes=-5000', { kind: 'partial', start: 0, end: 999 }],
    ['bytes=990-5000', { kind: 'partial', start: 990, end: 999 }],
    ['bytes=999-999', { kind: 'partial', start: 999, end: 999 }],
    ['bytes=1000-', { kind: 'unsatisfiable' }],
    ['bytes=-0', { kind: 'unsatisfiable' }],
    ['bytes=0-9,20-29', { kind: 'full' }],
    ['bytes=9-0', { kind: 'full' }],
    ['bytes=abc', { kind: 'full' }],
    ['items=0-9', { kind: 'full' }],
    [undefined, { kind: 'full' }],
  ])('%s on 1000 bytes → %o', (header, plan) => {
    expect(parseByteRange(header, 1000)).toEqual(plan);
  });

  it('an empty file satisfies no range', () => {
    expect(parseByteRange('bytes=0-', 0)).toEqual({ kind: 'unsatisfiable' });
    expect(parseByteRange('bytes=-1', 0)).toEqual({ kind: 'unsatisfiable' });
  });
});
