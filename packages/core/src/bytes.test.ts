import { describe, expect, it } from 'vitest';
import { formatBytes } from './bytes.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [12, '12 B'],
    [1023, '1023 B'],
    [1024, '1.0 KB'],
    [1536, '1.5 KB'],
    [2048, '2.0 KB'],
    [10 * 1024 - 1, '10.0 KB'],
    [10 * 1024, '10 KB'],
    [340 * 1024, '340 KB'],
    [1024 ** 2, '1.0 MB'],
    [2.5 * 1024 ** 2, '2.5 MB'],
    [5_000_000, '4.8 MB'],
    [512 * 1024 ** 2, '512 MB'],
    [3 * 1024 ** 3, '3.0 GB'],
    [2 * 1024 ** 4, '2.0 TB'],
    [2048 * 1024 ** 4, '2048 TB'],
  ])('%i → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
