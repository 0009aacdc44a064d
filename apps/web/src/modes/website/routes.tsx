import { Outlet, type RouteObject } from 'react-router';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { WebsiteLandingPage } from './pages/website-landing-page.tsx';
import { WEBSITE_PATHS } from './paths.ts';

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        { path: WEBSITE_PATHS.landing, element: <WebsiteLandingPage /> },
        { path: WEBSITE_PATHS.page, element: <WebsiteLandingPage /> },
        { path: WEBSITE_PATHS.all, element: <WebsiteLandingPage /> },
      ],
    },
  ];
}
