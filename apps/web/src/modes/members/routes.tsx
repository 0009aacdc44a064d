import { Navigate, type RouteObject } from 'react-router';
import { MembersTheme } from './components/members-theme.tsx';
import { lazyPage } from '#src/components/layout/lazy-page.tsx';
import { MembersAreaPage } from './pages/members-area-page.tsx';
import { MembersLoginPage } from './pages/members-login-page.tsx';
import { MembersSignupPage } from './pages/members-signup-page.tsx';
import { ProtectedMembersArea } from './pages/protected-members-area.tsx';
import { MEMBERS_PATHS } from './paths.ts';
// Every page's utilities: this mode's pages are not the dashboard's first screen (index.css).
import '#src/app-styles.ts';

// The sign-in screens and the members home are in the mode's chunk; the other pages (the course
// player, memberships, calls, the affiliate program) load when they are opened.
const MembersAffiliatePage = lazyPage(() => import('./pages/members-affiliate-page.tsx'), 'MembersAffiliatePage');
const MembersCoursePage = lazyPage(() => import('./pages/members-course-page.tsx'), 'MembersCoursePage');
const MembersMembershipsPage = lazyPage(() => import('./pages/members-memberships-page.tsx'), 'MembersMembershipsPage');
const MembersBookingsPage = lazyPage(() => import('./pages/members-bookings-page.tsx'), 'MembersBookingsPage');

/**
 * Spec §2 Members mode: one table for the platform domain (basename `/{slug}/members`) and custom
 * domains (`/members`). Every page wears the store's theme (MembersTheme).
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <MembersTheme />,
      children: [
        { path: MEMBERS_PATHS.login, element: <MembersLoginPage /> },
        { path: MEMBERS_PATHS.signup, element: <MembersSignupPage /> },
        {
          element: <ProtectedMembersArea />,
          children: [
            { path: MEMBERS_PATHS.home, element: <MembersAreaPage /> },
            { path: MEMBERS_PATHS.affiliate, element: <MembersAffiliatePage /> },
            { path: MEMBERS_PATHS.memberships, element: <MembersMembershipsPage /> },
            { path: MEMBERS_PATHS.bookings, element: <MembersBookingsPage /> },
            { path: MEMBERS_PATHS.course, element: <MembersCoursePage /> },
            { path: MEMBERS_PATHS.courseLesson, element: <MembersCoursePage /> },
            { path: MEMBERS_PATHS.area, element: <MembersAreaPage /> },
          ],
        },
        { path: '*', element: <Navigate to={MEMBERS_PATHS.home} replace /> },
      ],
    },
  ];
}
