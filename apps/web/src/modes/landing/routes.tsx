import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { GuestOnly } from '#src/features/auth/index.ts';
import { EmailLinkPage, LoginPage, SignupPageBody } from '#src/features/auth/pages.ts';
import { MaintenanceNotice, SignupGate } from '#src/features/platform/index.ts';
import { usePlatformStatus } from '#src/lib/use-platform-status.ts';
import { LandingPage } from './pages/landing-page.tsx';
import { LANDING_PATHS } from './paths.ts';
// Every page's utilities: this mode's pages are not the dashboard's first screen (index.css).
import '#src/app-styles.ts';

// The website preview (the website's blocks and themes) is its own chunk: the marketing page never loads it.
const WebsitePreviewPage = lazy(() => import('./pages/website-preview-page.tsx').then((module) => ({ default: module.WebsitePreviewPage })));
const websitePreview = (
  <Suspense fallback={<FullPageSpinner label="Loading website preview" />}>
    <WebsitePreviewPage />
  </Suspense>
);

/** The landing with the platform status: the maintenance banner, and no signup buttons while signups are closed. */
function LandingHome() {
  const status = usePlatformStatus();
  // Unknown status: spec §8 defaults to signups allowed (the server still refuses when closed).
  return <LandingPage notice={<MaintenanceNotice />} signupsOpen={status.data?.signupsOpen ?? true} />;
}

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      children: [
        { path: LANDING_PATHS.home, element: <LandingHome /> },
        { path: LANDING_PATHS.login, element: <LoginPage /> },
        { path: LANDING_PATHS.emailLink, element: <EmailLinkPage /> },
        {
          path: LANDING_PATHS.signup,
          element: (
            <GuestOnly>
              <SignupGate>
                <SignupPageBody />
              </SignupGate>
            </GuestOnly>
          ),
        },
        { path: LANDING_PATHS.websitePreview, element: websitePreview },
        { path: LANDING_PATHS.websitePreviewPage, element: websitePreview },
        // Spec §2: any other landing path redirects to /.
        { path: '*', element: <Navigate to={LANDING_PATHS.home} replace /> },
      ],
    },
  ];
}
