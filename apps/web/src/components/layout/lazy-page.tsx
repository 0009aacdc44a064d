import { lazy, Suspense, type ComponentType } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';

/**
 * Loads a lazy page's module with every page's utilities (app-styles.css), in parallel: the
 * dashboard's first screen links only its own (index.css), so no page it loads later renders
 * without its styles. Fetched once; the other modes already have them.
 */
export function withAppStyles<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), import('#src/app-styles.ts')]).then(([module]) => module);
}

/**
 * A page loaded on first render, as its own chunk: a mode's first screen does not download the
 * pages (and the editors or players they bring) a visitor may never open. A spinner shows while it
 * loads; a chunk that fails to load reaches the route's error element.
 */
export function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Page = lazy<ComponentType>(() => withAppStyles(load)().then((module) => ({ default: module[name] })));
  return function LazyPage() {
    return (
      <Suspense
        fallback={
          <div className="py-16">
            <Spinner label="Loading the page" />
          </div>
        }
      >
        <Page />
      </Suspense>
    );
  };
}
