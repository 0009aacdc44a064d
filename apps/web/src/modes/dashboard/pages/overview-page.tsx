// The component's own file, not manage.ts: the settings sections there must not join the first screen.
import { MembershipNumbersSlot } from '#src/features/analytics/components/membership-numbers-slot.tsx';
import { StoreHome } from '#src/features/stores/components/store-home.tsx';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const overview = DASHBOARD_SECTIONS.find((section) => section.key === 'overview');

/** /dashboard: the active store at a glance, or the form to create the first one. */
export function OverviewPage() {
  return (
    <SectionPage title={overview?.label ?? 'Overview'} description={overview?.description ?? ''}>
      <StoreHome
        builderPath={DASHBOARD_PATHS.storeBuilder}
        settingsPath={DASHBOARD_PATHS.settings}
        productsPath={DASHBOARD_PATHS.products}
        belowNextSteps={(storeId) => <MembershipNumbersSlot storeId={storeId} analyticsPath={DASHBOARD_PATHS.analytics} membersPath={DASHBOARD_PATHS.members} />}
      />
    </SectionPage>
  );
}
