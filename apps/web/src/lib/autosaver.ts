export type AutosaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

export interface AutosaveState {
  status: AutosaveStatus;
  error: unknown;
}

export interface Timers {
  setTimeout: (callback: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

export interface AutosaverOptions<T> {
  save: (value: T) => Promise<void>;
  /** Quiet time after the last edit before saving (saving is debounced). */
  delayMs: number;
  onChange: (state: AutosaveState) => void;
  timers?: Timers;
}

const realTimers: Timers = {
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * Debounced, serialised saving of the newest value: edits restart the wait, one save runs at a
 * time, and an edit made while a save runs is saved right after it. A failed value is kept for
 * `retry()` unless a newer edit replaced it.
 */
export function createAutosaver<T>({ save, delayMs, onChange, timers = realTimers }: AutosaverOptions<T>) {
  let queued: { value: T } | null = null;
  let timer: unknown = null;
  let inFlight: Promise<void> | null = null;
  let state: AutosaveState = { status: 'idle', error: null };

  const set = (next: AutosaveState) => {
    state = next;
    onChange(next);
  };
  const clearTimer = () => {
    if (timer !== null) timers.clearTimeout(timer);
    timer = null;
  };

  async function run(): Promise<void> {
    clearTimer();
    if (inFlight) {
      await inFlight;
      if (timer === null && queued) return run();
      return;
    }
    if (!queued) return;
    const { value } = queued;
    queued = null;
    set({ status: 'saving', error: null });
    inFlight = save(value).then(
      () => {
        inFlight = null;
        if (queued && timer === null) return run();
        set({ status: queued ? 'pending' : 'saved', error: null });
      },
      (error: unknown) => {
        inFlight = null;
        queued ??= { value };
        set(timer === null ? { status: 'error', error } : { status: 'pending', error: null });
      },
    );
    return inFlight;
  }

  return {
    schedule(value: T) {
      queued = { value };
      clearTimer();
      timer = timers.setTimeout(() => {
        timer = null;
        void run();
      }, delayMs);
      if (state.status !== 'saving') set({ status: 'pending', error: null });
    },
    /** Saves what is waiting now (before publishing); resolves once nothing is left to save. */
    async flush(): Promise<AutosaveState> {
      await run();
      while (inFlight) await inFlight;
      return state;
    },
    retry() {
      void run();
    },
    /** Drops what is waiting (the draft is being discarded). */
    cancel() {
      clearTimer();
      queued = null;
      if (!inFlight) set({ status: 'idle', error: null });
    },
    hasUnsaved: () => queued !== null || inFlight !== null,
    getState: () => state,
  };
}

export type Autosaver<T> = ReturnType<typeof createAutosaver<T>>;
