import { lazy, Suspense } from 'react';
import { Navigate, Outlet, type RouteObject } from 'react-router';
import { RouteError } from '#src/components/errors/route-error.tsx';
import { EmailLinkPage, GuestOnly, LoginPage, PasswordResetPage, RequireCreator, SignupPageBody } from '#src/features/auth/index.ts';
import { FeatureGate, SignupGate } from '#src/features/platform/index.ts';
import { FullPageSpinner } from '#src/components/ui/spinner.tsx';
import { DashboardLayout } from './layout/dashboard-layout.tsx';
import { AdminSectionPage } from './pages/admin-section-page.tsx';
import { AffiliatesPage } from './pages/affiliates-page.tsx';
import { AnalyticsPage } from './pages/analytics-page.tsx';
import { CustomersPage } from './pages/customers-page.tsx';
import { DiscountsPage } from './pages/discounts-page.tsx';
import { EmailCampaignPage } from './pages/email-campaign-page.tsx';
import { EmailPage } from './pages/email-page.tsx';
import { OverviewPage } from './pages/overview-page.tsx';
import { ProductsPage } from './pages/products-page.tsx';
import { SalesPage } from './pages/sales-page.tsx';
import { SettingsPage } from './pages/settings-page.tsx';
import { StoreBuilderPage } from './pages/store-builder-page.tsx';
import { StripeCallbackPage } from './pages/stripe-callback-page.tsx';
import { BillingPage } from './pages/billing-page.tsx';
import { UnknownPathPage } from './pages/unknown-path-page.tsx';
import { WebsiteBuilderPage } from './pages/website-builder-page.tsx';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS, SECTION_FLAGS, type DashboardSection } from './paths.ts';

// The page editor (Puck, the website's blocks) is its own chunk: the rest of the dashboard never loads it.
const WebsiteBuilderPageEditor = lazy(() => import('./pages/website-builder-page-editor.tsx').then((module) => ({ default: module.WebsiteBuilderPageEditor })));

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
      errorElement: <RouteError />,
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
                { path: DASHBOARD_PATHS.emailCampaign, element: <EmailCampaignPage /> },
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
