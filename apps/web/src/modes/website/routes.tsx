import { Outlet, type RouteObject } from 'react-router';
import { WebsiteLandingPage } from './pages/website-landing-page.tsx';
import { WEBSITE_PATHS } from './paths.ts';
// Every page's utilities: this mode's pages are not the dashboard's first screen (index.css).
import '#src/app-styles.ts';

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      children: [
        { path: WEBSITE_PATHS.landing, element: <WebsiteLandingPage /> },
        { path: WEBSITE_PATHS.page, element: <WebsiteLandingPage /> },
        { path: WEBSITE_PATHS.all, element: <WebsiteLandingPage /> },
      ],
    },
  ];
}
