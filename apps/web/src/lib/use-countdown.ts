import { useEffect, useReducer } from 'react';

/**
 * Whole seconds left until `endsAt` (0 once reached, or when `endsAt` is null). Re-renders on each
 * second boundary; the clock is injectable and fake timers drive it in tests.
 */
export function useCountdown(endsAt: number | null, now: () => number = Date.now): number {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = endsAt === null ? 0 : endsAt - now();

  useEffect(() => {
    if (left <= 0) return;
    const timer = setTimeout(tick, left % 1000 || 1000);
    return () => clearTimeout(timer);
  });

  return left <= 0 ? 0 : Math.ceil(left / 1000);
}
