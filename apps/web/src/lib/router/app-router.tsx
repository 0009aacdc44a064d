import { createContext, startTransition, useContext, useEffect, useLayoutEffect, useState } from 'react';
import { Router, useRoutes, type NavigationType, type RouteObject } from 'react-router';
import { RouteErrorBoundary } from '#src/components/errors/route-error.tsx';
import { UNBLOCKED, type AppHistory, type Blocker, type BlockerFunction } from './history.ts';

const HistoryContext = createContext<AppHistory | null>(null);

interface AppRouterProps {
  history: AppHistory;
  routes: RouteObject[];
  basename?: string;
}

/**
 * A mode's routes on the app's history (`history.ts`), in react-router's declarative mode: `Router`
 * with `useRoutes`. Location changes render in a transition, as react-router's own routers do, so a
 * page still loading keeps the previous screen rather than flashing its spinner. An error in a
 * route's page shows the error screen until the location changes.
 */
export function AppRouter({ history, routes, basename = '/' }: AppRouterProps) {
  const [state, setState] = useState(() => ({ location: history.location, action: history.action }));
  useLayoutEffect(() => {
    const update = () => startTransition(() => setState({ location: history.location, action: history.action }));
    // A navigation between the first render and this effect (a `<Navigate>` does it in an effect) is not lost.
    if (history.location !== state.location) update();
    return history.listen(update);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- subscribe once per history
  }, [history]);
  return (
    <HistoryContext.Provider value={history}>
      <Router basename={basename} location={state.location} navigationType={state.action as NavigationType} navigator={history}>
        <RouteErrorBoundary location={state.location}>
          <ModeRoutes routes={routes} />
        </RouteErrorBoundary>
      </Router>
    </HistoryContext.Provider>
  );
}

function ModeRoutes({ routes }: { routes: RouteObject[] }) {
  return useRoutes(routes);
}

/**
 * Holds a navigation while `shouldBlock` says so (unsaved changes): the answer is `blocked` with the
 * destination, `proceed` to go there and `reset` to stay. In-app links, `navigate()`, Back and
 * Forward are held; a reload, a typed address or closing the tab are not (use `beforeunload`).
 */
export function useBlocker(shouldBlock: boolean | BlockerFunction): Blocker {
  const history = useContext(HistoryContext);
  if (!history) throw new Error('useBlocker must be used inside the app router');
  const [blocker, setBlocker] = useState<Blocker>(UNBLOCKED);
  useEffect(() => history.block((args) => (typeof shouldBlock === 'function' ? shouldBlock(args) : shouldBlock), setBlocker), [history, shouldBlock]);
  return blocker;
}
