import { describe, expect, it } from 'vitest';
import { DEFAULT_BACKOFF, retryDelayMs } from './backoff.ts';

describe('retryDelayMs', () => {
  it('doubles per attempt, between half and all of the exponential delay', () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 0))).toEqual([2_500, 5_000, 10_000, 20_000]);
    expect([1, 2, 3, 4].map((attempt) => retryDelayMs(attempt, () => 1))).toEqual([5_000, 10_000, 20_000, 40_000]);
  });

  it('is capped at the maximum delay, jitter included', () => {
    const max = DEFAULT_BACKOFF.maxMs;
    expect(retryDelayMs(9, () => 1)).toBe(max); // 5 s × 2^8 = 21 min 20 s → capped
    expect(retryDelayMs(8, () => 1)).toBe(640_000); // 5 s × 2^7, just under the cap
    expect(retryDelayMs(50, () => 0)).toBe(max / 2);
  });
});
