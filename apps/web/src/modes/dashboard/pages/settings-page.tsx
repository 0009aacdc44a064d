import { SecurityPanel } from '#src/features/auth/index.ts';
import { DomainsSection } from '#src/features/domains/index.ts';
import { PaymentsSection } from '#src/features/payments/index.ts';
import { DangerZone, SaleNotificationsSection, StoreDetailsSection, TimeZoneSection } from '#src/features/stores/manage.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const settings = DASHBOARD_SECTIONS.find((section) => section.key === 'settings');

/** /dashboard/settings: Store details, Domains, Payments and currency, Sale notifications, Security and the Danger zone. */
export function SettingsPage() {
  return (
    <SectionPage title={settings?.label ?? 'Settings'} description={settings?.description ?? ''}>
      <div className="space-y-8">
        <StoreDetailsSection storeBuilderPath={DASHBOARD_PATHS.storeBuilder} />
        <DomainsSection />
        <PaymentsSection />
        <SaleNotificationsSection />
        <TimeZoneSection />
        <SecurityPanel />
        <DangerZone />
      </div>
    </SectionPage>
  );
}
