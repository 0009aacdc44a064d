import { Link } from 'react-router';
import { SecurityPanel } from '#src/features/auth/pages.ts';
import { DomainsSection } from '#src/features/domains/index.ts';
import { EmailSettingsSection } from '#src/features/email-settings/index.ts';
import { PaymentsSection } from '#src/features/payments/index.ts';
import { DangerZone, ExportStoreSection, SaleNotificationsSection, StoreDetailsSection, TimeZoneSection } from '#src/features/stores/manage.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const settings = DASHBOARD_SECTIONS.find((section) => section.key === 'settings');

/** /dashboard/settings: Store details, Domains, Payments and currency, Sale notifications, Email, Time zone, Security, Your data and the Danger zone. */
export function SettingsPage() {
  return (
    <SectionPage title={settings?.label ?? 'Settings'} description={settings?.description ?? ''}>
      <div className="space-y-8">
        <p className="text-sm text-slate-700">
          Your plan, upgrades and invoices are on{' '}
          <Link className="font-semibold text-brand-700 underline" to={DASHBOARD_PATHS.billing}>
            Plan and billing
          </Link>
          .
        </p>
        <StoreDetailsSection storeBuilderPath={DASHBOARD_PATHS.storeBuilder} />
        <DomainsSection />
        <PaymentsSection />
        <SaleNotificationsSection />
        <EmailSettingsSection />
        <TimeZoneSection />
        <SecurityPanel />
        <ExportStoreSection />
        <DangerZone />
      </div>
    </SectionPage>
  );
}
