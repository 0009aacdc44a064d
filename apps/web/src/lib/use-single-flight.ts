import { useCallback, useRef, useState } from 'react';

/**
 * One run at a time for an action a double click would start twice ("Import contacts", "Send
 * now"): a second call while the first runs is ignored at once — before React has re-rendered the
 * disabled button, which a fast double click beats — and `running` disables the button meanwhile.
 * The server still makes such calls idempotent where a retry is natural.
 */
export function useSingleFlight() {
  const inFlight = useRef(false);
  const [running, setRunning] = useState(false);
  const run = useCallback(async <T,>(action: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setRunning(true);
    try {
      return await action();
    } finally {
      inFlight.current = false;
      setRunning(false);
    }
  }, []);
  return { running, run };
}
