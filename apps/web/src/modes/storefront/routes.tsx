import type { RouteObject } from 'react-router';
import { RouteError } from '../../components/errors/route-error.tsx';
import { StoreLandingPage } from './pages/store-landing-page.tsx';
import { STOREFRONT_PATHS } from './paths.ts';

export function createRoutes(): RouteObject[] {
  return [{ path: STOREFRONT_PATHS.all, element: <StoreLandingPage />, errorElement: <RouteError /> }];
}
