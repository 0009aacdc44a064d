import { lazy, Suspense } from 'react';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const analytics = DASHBOARD_SECTIONS.find((section) => section.key === 'analytics');

// The analytics screen and recharts are their own chunk: the rest of the dashboard never loads them.
const AnalyticsBody = lazy(() => import('./analytics-body.tsx').then((module) => ({ default: module.AnalyticsBody })));

/** /dashboard/analytics: the active store's visits, clicks and sales for a period. */
export function AnalyticsPage() {
  return (
    <SectionPage title={analytics?.label ?? 'Analytics'} description={analytics?.description ?? ''}>
      <Suspense fallback={<Spinner label="Loading analytics" />}>
        <AnalyticsBody />
      </Suspense>
    </SectionPage>
  );
}
