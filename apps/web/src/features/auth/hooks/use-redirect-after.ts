import { useEffect, useRef } from 'react';

/** Calls `go` once, `delayMs` after the component mounts (spec §9 success redirects). */
export function useRedirectAfter(delayMs: number, go: () => void): void {
  const goRef = useRef(go);
  useEffect(() => {
    goRef.current = go;
  });
  useEffect(() => {
    const timer = setTimeout(() => goRef.current(), delayMs);
    return () => clearTimeout(timer);
  }, [delayMs]);
}
