import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { EmailLinkPage, GuestOnly, LoginPage, SignupPageBody } from '#src/features/auth/index.ts';
import { MaintenanceNotice, SignupGate } from '#src/features/platform/index.ts';
import { LandingPage } from './pages/landing-page.tsx';
import { WebsitePreviewPage } from './pages/website-preview-page.tsx';
import { LANDING_PATHS } from './paths.ts';

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      errorElement: <RouteError />,
      children: [
        { path: LANDING_PATHS.home, element: <LandingPage notice={<MaintenanceNotice />} /> },
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
        { path: LANDING_PATHS.websitePreview, element: <WebsitePreviewPage /> },
        { path: LANDING_PATHS.websitePreviewPage, element: <WebsitePreviewPage /> },
        // Spec §2: any other landing path redirects to /.
        { path: '*', element: <Navigate to={LANDING_PATHS.home} replace /> },
      ],
    },
  ];
}
