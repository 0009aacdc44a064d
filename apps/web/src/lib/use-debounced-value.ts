import { useEffect, useState } from 'react';

/** `value` once it has stayed the same for `delayMs` (compared by `key`). */
export function useDebouncedValue<T>(value: T, key: string, delayMs: number): T {
  const [settled, setSettled] = useState({ key, value });
  useEffect(() => {
    const timer = setTimeout(() => setSettled({ key, value }), delayMs);
    return () => clearTimeout(timer);
    // `value` travels with `key`: a new object with the same key must not restart the wait.
  }, [key, delayMs]);
  return settled.key === key ? value : settled.value;
}
