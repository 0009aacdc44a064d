import { useRouteError } from 'react-router';
import { ErrorFallback } from './error-boundary.tsx';

/** React Router catches errors in loaders, lazy routes and elements itself; show the same screens. */
export function RouteError() {
  const error = useRouteError();
  console.error('Route error', error);
  return <ErrorFallback error={error} />;
}
