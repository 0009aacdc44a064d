import { describe, expect, it } from 'vitest';
import { nextRestartDelay, RESTART_BACKOFF } from './restart-backoff.ts';

describe('a crashed worker’s restart delay', () => {
  it('is 1 s at first, doubles with each quick crash and stops at 30 s', () => {
    const delays: number[] = [];
    let previous: number | null = null;
    for (let crash = 0; crash < 7; crash++) delays.push((previous = nextRestartDelay(previous, 500)));
    expect(delays).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000]);
  });

  it('starts again from 1 s once the worker stayed up a minute, and not a moment before', () => {
    expect(nextRestartDelay(16_000, RESTART_BACKOFF.stableMs)).toBe(1_000);
    expect(nextRestartDelay(16_000, RESTART_BACKOFF.stableMs - 1)).toBe(30_000);
  });
});
