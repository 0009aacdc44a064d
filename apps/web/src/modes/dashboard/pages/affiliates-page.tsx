import { UrlTabs, type UrlTab } from '#src/components/ui/url-tabs.tsx';
import { AffiliateSettingsPanel, AffiliatesPanel, CommissionsPanel } from '#src/features/affiliates/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const affiliates = DASHBOARD_SECTIONS.find((section) => section.key === 'affiliates');

const AFFILIATE_TABS: readonly UrlTab[] = [
  { key: 'affiliates', label: 'Affiliates', Panel: AffiliatesPanel },
  { key: 'commissions', label: 'Commissions & payouts', Panel: CommissionsPanel },
  { key: 'settings', label: 'Settings', Panel: AffiliateSettingsPanel },
];

/** /dashboard/affiliates: the store's affiliates, their commissions and payouts (`?tab=commissions`), and the program's terms (`?tab=settings`). */
export function AffiliatesPage() {
  return (
    <SectionPage title={affiliates?.label ?? 'Affiliates'} description={affiliates?.description ?? ''}>
      <UrlTabs tabs={AFFILIATE_TABS} label="Affiliate program sections" idPrefix="affiliates" />
    </SectionPage>
  );
}
