import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createAutosaver, type Autosaver, type AutosaveState } from '../lib/autosaver.ts';

export const AUTOSAVE_DELAY_MS = 1_000;

/**
 * The autosaver for one page's draft, with its state for the status line. Whatever is waiting is
 * saved when the editor closes, and the browser asks before leaving while a save is pending.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, delayMs: number = AUTOSAVE_DELAY_MS) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle', error: null });
  const saveRef = useRef(save);
  useLayoutEffect(() => {
    saveRef.current = save;
  });
  // eslint-disable-next-line react-hooks/refs -- the autosaver only stores this callback and calls it from its timer, never during render.
  const [saver] = useState<Autosaver<T>>(() => createAutosaver<T>({ save: (value) => saveRef.current(value), delayMs, onChange: setState }));

  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (!saver.hasUnsaved()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => {
      window.removeEventListener('beforeunload', warn);
      void saver.flush();
    };
  }, [saver]);

  return { saver, state };
}
