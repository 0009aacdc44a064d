import { createPath, parsePath, type Location, type Navigator, type To } from 'react-router';

/**
 * The app's history: what `<Router>` (react-router's declarative mode) reads the location from and
 * navigates through, with one addition, a blocker. React Router's `useBlocker` exists only in its
 * data router, whose code is about 16 KB brotli more on every SPA page's first screen; the editors
 * that ask before leaving with unsaved changes use this one instead (`use-blocker.ts`).
 *
 * Every in-app navigation (a `Link`, `navigate()`, `setSearchParams`) reaches `push` or `replace`,
 * where a blocker can hold it; Back and Forward arrive as a pop, which is undone (`go(-delta)`)
 * while held and redone on proceed. Entries carry `{ usr, key, idx }` as react-router's own
 * browser history writes them, so entries from either read the same.
 */
export type HistoryAction = 'POP' | 'PUSH' | 'REPLACE';

export interface BlockerArgs {
  currentLocation: Location;
  nextLocation: Location;
  historyAction: HistoryAction;
}
export type BlockerFunction = (args: BlockerArgs) => boolean;

/** The same shape as react-router's blocker, so the editors read it the same way. */
export type Blocker =
  | { state: 'unblocked'; location?: undefined; proceed?: undefined; reset?: undefined }
  | { state: 'blocked'; location: Location; proceed: () => void; reset: () => void };

const ORIGIN = 'http://localhost';

export const UNBLOCKED: Blocker = { state: 'unblocked' };

/** Where entries live: the browser's history, or an array (tests). */
export interface HistoryBackend {
  url(): string;
  state(): EntryState | null;
  pushState(state: EntryState, url: string): void;
  replaceState(state: EntryState, url: string): void;
  go(delta: number): void;
  onPop(listener: () => void): () => void;
}

interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export interface AppHistory extends Navigator {
  readonly location: Location;
  readonly action: HistoryAction;
  listen(listener: () => void): () => void;
  /** Holds navigations while `shouldBlock` says so; one blocker at a time (the latest). */
  block(shouldBlock: BlockerFunction, onChange: (blocker: Blocker) => void): () => void;
}

export function createAppHistory(backend: HistoryBackend): AppHistory {
  let action: HistoryAction = 'POP';
  const initialIndex = backend.state()?.idx;
  let index = typeof initialIndex === 'number' ? initialIndex : 0;
  if (typeof initialIndex !== 'number') {
    backend.replaceState({ usr: backend.state()?.usr ?? null, key: backend.state()?.key ?? 'default', idx: 0 }, backend.url());
  }
  let location = readLocation();
  const listeners = new Set<() => void>();
  let blocker: { shouldBlock: BlockerFunction; onChange: (blocker: Blocker) => void } | null = null;
  let undoingPop = false;
  /** Set by a held pop's proceed: the pop that follows is the visitor's, already allowed. */
  let proceeding = false;

  function readLocation(): Location {
    const { pathname = '/', search = '', hash = '' } = parsePath(backend.url());
    const state = backend.state();
    return { pathname, search, hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
  }
  function changed(nextAction: HistoryAction) {
    action = nextAction;
    location = readLocation();
    for (const listener of [...listeners]) listener();
  }
  function nextLocation(to: To, state: unknown): Location {
    const { pathname = location.pathname, search = '', hash = '' } = typeof to === 'string' ? parsePath(to) : to;
    return { pathname, search, hash, state: state ?? null, key: Math.random().toString(36).slice(2, 10) };
  }
  /** True when a blocker holds this navigation: it then waits for proceed or reset. */
  function held(next: Location, historyAction: HistoryAction, proceed: () => void): boolean {
    if (proceeding) {
      proceeding = false;
      return false;
    }
    const active = blocker;
    if (!active || !active.shouldBlock({ currentLocation: location, nextLocation: next, historyAction })) return false;
    active.onChange({
      state: 'blocked',
      location: next,
      proceed: () => {
        active.onChange(UNBLOCKED);
        proceed();
      },
      reset: () => active.onChange(UNBLOCKED),
    });
    return true;
  }
  function write(kind: 'PUSH' | 'REPLACE', next: Location) {
    index = kind === 'PUSH' ? index + 1 : index;
    const entry = { usr: next.state, key: next.key, idx: index };
    if (kind === 'PUSH') backend.pushState(entry, createPath(next));
    else backend.replaceState(entry, createPath(next));
    changed(kind);
  }

  backend.onPop(() => {
    const nextIndex = backend.state()?.idx;
    const delta = typeof nextIndex === 'number' ? nextIndex - index : null;
    if (undoingPop) {
      undoingPop = false;
      index = nextIndex ?? index;
      return;
    }
    const next = readLocation();
    if (delta !== null && delta !== 0 && held(next, 'POP', () => {
        proceeding = true;
        backend.go(delta);
      })) {
      // Back where it was, with the entry the visitor left from; the pop this causes is ours.
      undoingPop = true;
      backend.go(-delta);
      return;
    }
    index = nextIndex ?? index;
    changed('POP');
  });

  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    block(shouldBlock, onChange) {
      const own = { shouldBlock, onChange };
      blocker = own;
      return () => {
        if (blocker === own) blocker = null;
      };
    },
    createHref: (to) => (typeof to === 'string' ? to : createPath(to)),
    encodeLocation(to) {
      // As react-router's browser history: the path as the URL parser encodes it.
      const href = typeof to === 'string' ? to : createPath(to);
      const url = new URL(href.startsWith('//') ? `${ORIGIN}${href}` : href, ORIGIN);
      return { pathname: url.pathname, search: url.search, hash: url.hash };
    },
    push(to, state) {
      const next = nextLocation(to, state);
      if (!held(next, 'PUSH', () => write('PUSH', next))) write('PUSH', next);
    },
    replace(to, state) {
      const next = nextLocation(to, state);
      if (!held(next, 'REPLACE', () => write('REPLACE', next))) write('REPLACE', next);
    },
    go: (delta) => backend.go(delta),
  };
}

/** The browser's own history. */
export function browserBackend(): HistoryBackend {
  return {
    url: () => `${window.location.pathname}${window.location.search}${window.location.hash}`,
    state: () => (window.history.state as EntryState | null) ?? null,
    pushState: (state, url) => window.history.pushState(state, '', url),
    replaceState: (state, url) => window.history.replaceState(state, '', url),
    go: (delta) => window.history.go(delta),
    onPop(listener) {
      window.addEventListener('popstate', listener);
      return () => window.removeEventListener('popstate', listener);
    },
  };
}

/** Entries in memory, starting at `path` (tests, and anywhere without a browser). */
export function memoryBackend(path: string): HistoryBackend {
  const entries: Array<{ url: string; state: EntryState | null }> = [{ url: path, state: null }];
  let current = 0;
  const popListeners = new Set<() => void>();
  return {
    url: () => entries[current]!.url,
    state: () => entries[current]!.state,
    pushState(state, url) {
      entries.splice(current + 1, entries.length, { url, state });
      current = entries.length - 1;
    },
    replaceState(state, url) {
      entries[current] = { url, state };
    },
    go(delta) {
      const next = Math.min(Math.max(current + delta, 0), entries.length - 1);
      if (next === current) return;
      current = next;
      for (const listener of [...popListeners]) listener();
    },
    onPop(listener) {
      popListeners.add(listener);
      return () => popListeners.delete(listener);
    },
  };
}
