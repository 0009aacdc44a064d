import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createAutosaver, type Autosaver, type AutosaveState } from './autosaver.ts';

/**
 * The autosaver for one draft (a store profile, a website page), with its state for the status
 * line. Whatever is waiting is saved when the editor closes, and the browser asks before leaving
 * while an edit is unsaved.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, delayMs: number) {
  const [state, setState] = useState<AutosaveState>({ status: 'idle', error: null });
  // The autosaver is created once; it saves with the latest `save`.
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
      // Leaving the editor (or switching stores) still saves the last edit.
      void saver.flush();
    };
  }, [saver]);

  return { saver, state };
}
