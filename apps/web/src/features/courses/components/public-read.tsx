import { useEffect, useState } from 'react';

export type PublicRead<T> = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; value: T };

/**
 * One storefront read (the syllabus, a preview lesson) as loading / error / ready, aborted when
 * `load` changes or the component leaves; `retry` loads again. `load` must be memoised by its inputs.
 */
export function usePublicRead<T>(load: (signal: AbortSignal) => Promise<T>, fallbackMessage: string): { answer: PublicRead<T>; retry: () => void } {
  const [answer, setAnswer] = useState<PublicRead<T>>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    load(controller.signal).then(
      (value) => setAnswer({ state: 'ready', value }),
      (error: unknown) => {
        if (!controller.signal.aborted) setAnswer({ state: 'error', message: error instanceof Error ? error.message : fallbackMessage });
      },
    );
    return () => controller.abort();
  }, [load, fallbackMessage, attempt]);
  const retry = () => {
    setAnswer({ state: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { answer, retry };
}

/** A failed read's message with its Try again button. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert" className="sf-course-note">
      {message}{' '}
      <button type="button" className="sf-course-link" onClick={onRetry}>
        Try again
      </button>
    </p>
  );
}
