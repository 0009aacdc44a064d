import { SecurityPanel } from '#src/features/auth/index.ts';
import { DomainsSection } from '#src/features/domains/index.ts';
import { PaymentsSection } from '#src/features/payments/index.ts';
import { DangerZone } from '#src/features/stores/manage.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const settings = DASHBOARD_SECTIONS.find((section) => section.key === 'settings');

/** /dashboard/settings: Payments and currency, Domains, Danger zone and Security. */
export function SettingsPage() {
  return (
    <SectionPage title={settings?.label ?? 'Settings'} description={settings?.description ?? ''}>
      <div className="space-y-8">
        <DomainsSection />
        <PaymentsSection />
        <SecurityPanel />
        <DangerZone />
      </div>
    </SectionPage>
  );
}
