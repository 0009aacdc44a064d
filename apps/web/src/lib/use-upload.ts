import { useEffect, useRef, useState } from 'react';
import { errorMessage } from './error-message.ts';
import { isCancelled, type UploadHandle } from './upload.ts';

export type UploadState = { status: 'idle' } | { status: 'uploading'; fraction: number } | { status: 'error'; message: string };

interface UploadOptions<T> {
  /** The message for a file that must not be sent (wrong type, too large), or null. */
  check: (file: File) => string | null;
  /** Sends the file, reporting progress as a fraction from 0 to 1. */
  start: (file: File, onProgress: (fraction: number) => void) => UploadHandle<T>;
  /** The upload succeeded; called before the state returns to idle. */
  onDone: (result: T) => void;
}

/**
 * One file upload with progress: checks the file, sends it, shows the server's refusal, cancels
 * without an error, and aborts when the component unmounts.
 */
export function useUpload<T>({ check, start, onDone }: UploadOptions<T>) {
  const [state, setState] = useState<UploadState>({ status: 'idle' });
  const handle = useRef<UploadHandle<T> | null>(null);

  useEffect(() => () => handle.current?.abort(), []);

  const begin = (file: File) => {
    const problem = check(file);
    if (problem) return setState({ status: 'error', message: problem });
    setState({ status: 'uploading', fraction: 0 });
    const current = start(file, (fraction) => setState({ status: 'uploading', fraction }));
    handle.current = current;
    current.promise.then(
      (result) => {
        onDone(result);
        setState({ status: 'idle' });
      },
      (failure: unknown) => {
        if (handle.current === current && !isCancelled(failure)) setState({ status: 'error', message: errorMessage(failure) });
      },
    );
  };

  const cancel = () => {
    handle.current?.abort();
    setState({ status: 'idle' });
  };

  const percent = state.status === 'uploading' ? Math.round(state.fraction * 100) : 0;
  return { state, percent, begin, cancel };
}
