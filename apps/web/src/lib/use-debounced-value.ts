import { useEffect, useEffectEvent, useState } from 'react';

/** `value` once it has stayed the same for `delayMs` (compared by `key`). */
export function useDebouncedValue<T>(value: T, key: string, delayMs: number): T {
  const [settled, setSettled] = useState({ key, value });
  // `value` travels with `key`: a new object with the same key must not restart the wait.
  const settle = useEffectEvent(() => setSettled({ key, value }));
  useEffect(() => {
    const timer = setTimeout(() => settle(), delayMs);
    return () => clearTimeout(timer);
  }, [key, delayMs]);
  return settled.key === key ? value : settled.value;
}
