import { lazy, Suspense, type ComponentType } from 'react';
import { lazyPage, withAppStyles } from '#src/components/layout/lazy-page.tsx';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { GuestOnly, RequireCreator } from '#src/features/auth/index.ts';
import { FeatureGate, SignupGate } from '#src/features/platform/index.ts';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { DashboardLayout } from './layout/dashboard-layout.tsx';
import { OverviewPage } from './pages/overview-page.tsx';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS, SECTION_FLAGS, type DashboardSection } from './paths.ts';

// Only the first screen (the overview, sign-in) is in the dashboard's own chunk: every other page,
// and the editors they bring (Tiptap, Puck, charts, tables), loads when it is opened.
const AdminSectionPage = lazyPage(() => import('./pages/admin-section-page.tsx'), 'AdminSectionPage');
const AffiliatesPage = lazyPage(() => import('./pages/affiliates-page.tsx'), 'AffiliatesPage');
const AnalyticsPage = lazyPage(() => import('./pages/analytics-page.tsx'), 'AnalyticsPage');
const CustomersPage = lazyPage(() => import('./pages/customers-page.tsx'), 'CustomersPage');
const DiscountsPage = lazyPage(() => import('./pages/discounts-page.tsx'), 'DiscountsPage');
const EmailCampaignPage = lazyPage(() => import('./pages/email-campaign-page.tsx'), 'EmailCampaignPage');
const EmailAutomationPage = lazyPage(() => import('./pages/email-automation-page.tsx'), 'EmailAutomationPage');
const MembersPage = lazyPage(() => import('./pages/members-page.tsx'), 'MembersPage');
const PostsPage = lazyPage(() => import('./pages/posts-page.tsx'), 'PostsPage');
const EmailPage = lazyPage(() => import('./pages/email-page.tsx'), 'EmailPage');
const ProductsPage = lazyPage(() => import('./pages/products-page.tsx'), 'ProductsPage');
const SalesPage = lazyPage(() => import('./pages/sales-page.tsx'), 'SalesPage');
const SettingsPage = lazyPage(() => import('./pages/settings-page.tsx'), 'SettingsPage');
const StoreBuilderPage = lazyPage(() => import('./pages/store-builder-page.tsx'), 'StoreBuilderPage');
const StripeCallbackPage = lazyPage(() => import('./pages/stripe-callback-page.tsx'), 'StripeCallbackPage');
const BookingsPage = lazyPage(() => import('./pages/bookings-page.tsx'), 'BookingsPage');
const AvailabilityPage = lazyPage(() => import('./pages/availability-page.tsx'), 'AvailabilityPage');
const BillingPage = lazyPage(() => import('./pages/billing-page.tsx'), 'BillingPage');
const WebsiteBuilderPage = lazyPage(() => import('./pages/website-builder-page.tsx'), 'WebsiteBuilderPage');
// A path the dashboard does not know: rare, so its screens (and the path rules) load when needed.
const UnknownPathPage = lazyPage(() => import('./pages/unknown-path-page.tsx'), 'UnknownPathPage');

/** A page's module, loaded on first render. */
// The sign-in screens are one chunk (react-hook-form, zod and their contracts): a signed-in visit
// never loads them, and a signed-out one loads them once, for every screen of the sign-in flow.
const loadAuthPages = withAppStyles(() => import('#src/features/auth/pages.ts'));
const LoginPage = lazyScreen(loadAuthPages, 'LoginPage');
const EmailLinkPage = lazyScreen(loadAuthPages, 'EmailLinkPage');
const SignupPageBody = lazyScreen(loadAuthPages, 'SignupPageBody');
const PasswordResetPage = lazyScreen(loadAuthPages, 'PasswordResetPage');

/** A full-screen page's module, loaded on first render. */
function lazyScreen<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) {
  const Screen = lazy<ComponentType>(() => load().then((module) => ({ default: module[name] })));
  return function LazyScreen() {
    return (
      <Suspense fallback={<FullPageSpinner label="Loading the page" />}>
        <Screen />
      </Suspense>
    );
  };
}

// The page editor (Puck, the website's blocks) is its own chunk: the rest of the dashboard never loads it.
const WebsiteBuilderPageEditor = lazy(() => withAppStyles(() => import('./pages/website-builder-page-editor.tsx'))().then((module) => ({ default: module.WebsiteBuilderPageEditor })));

/** A flagged section's page shows only while its platform flag is on. */
function sectionElement(section: DashboardSection) {
  const flag = SECTION_FLAGS[section.key];
  return flag ? <FeatureGate flag={flag}>{sectionBody(section)}</FeatureGate> : sectionBody(section);
}

/** Each section's page (the switch is exhaustive: a new section must name its page). */
function sectionBody(section: DashboardSection) {
  switch (section.key) {
    case 'overview':
      return <OverviewPage />;
    case 'store-builder':
      return <StoreBuilderPage />;
    case 'settings':
      return <SettingsPage />;
    case 'products':
      return <ProductsPage />;
    case 'sales':
      return <SalesPage />;
    case 'bookings':
      return <BookingsPage />;
    case 'customers':
      return <CustomersPage />;
    case 'affiliates':
      return <AffiliatesPage />;
    case 'email':
      return <EmailPage />;
    case 'analytics':
      return <AnalyticsPage />;
    case 'admin':
      return <AdminSectionPage />;
    case 'website-builder':
      return <WebsiteBuilderPage />;
  }
}

export function createRoutes(): RouteObject[] {
  return [
    {
      element: <Outlet />,
      children: [
        { path: DASHBOARD_PATHS.root, element: <Navigate to={DASHBOARD_PATHS.dashboard} replace /> },
        { path: DASHBOARD_PATHS.login, element: <LoginPage /> },
        { path: DASHBOARD_PATHS.emailLink, element: <EmailLinkPage /> },
        {
          path: DASHBOARD_PATHS.signup,
          element: (
            <GuestOnly>
              <SignupGate>
                <SignupPageBody />
              </SignupGate>
            </GuestOnly>
          ),
        },
        { path: DASHBOARD_PATHS.passwordReset, element: <PasswordResetPage /> },
        {
          // Spec §2: every /dashboard route needs creator sign-in.
          element: <RequireCreator />,
          children: [
            {
              // Full screen: Puck needs the whole width for its panels and canvas.
              path: DASHBOARD_PATHS.websiteBuilderPage,
              element: (
                <FeatureGate flag="websiteBuilder">
                  <Suspense fallback={<FullPageSpinner label="Loading the editor" />}>
                    <WebsiteBuilderPageEditor />
                  </Suspense>
                </FeatureGate>
              ),
            },
            {
              element: <DashboardLayout />,
              children: [
                ...DASHBOARD_SECTIONS.map((section) => ({ path: section.to, element: sectionElement(section) })),
                { path: DASHBOARD_PATHS.discounts, element: <DiscountsPage /> },
                { path: DASHBOARD_PATHS.members, element: <MembersPage /> },
                { path: DASHBOARD_PATHS.posts, element: <PostsPage /> },
                { path: DASHBOARD_PATHS.bookingsAvailability, element: <AvailabilityPage /> },
                { path: DASHBOARD_PATHS.emailCampaign, element: <EmailCampaignPage /> },
                { path: DASHBOARD_PATHS.emailAutomation, element: <EmailAutomationPage /> },
                { path: DASHBOARD_PATHS.stripeCallback, element: <StripeCallbackPage /> },
                { path: DASHBOARD_PATHS.billing, element: <BillingPage /> },
              ],
            },
          ],
        },
        { path: '*', element: <UnknownPathPage /> },
      ],
    },
  ];
}
