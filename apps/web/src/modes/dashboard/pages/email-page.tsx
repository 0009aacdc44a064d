import { UrlTabs, type UrlTab } from '#src/components/ui/url-tabs.tsx';
import { AudiencePanel } from '#src/features/email-audience/index.ts';
import { AutomationsPanel } from '#src/features/automations/index.ts';
import { CampaignsPanel } from '#src/features/email-campaigns/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const email = DASHBOARD_SECTIONS.find((section) => section.key === 'email');

const EMAIL_TABS: readonly UrlTab[] = [
  { key: 'campaigns', label: 'Campaigns', Panel: CampaignsPanel },
  { key: 'automations', label: 'Automations', Panel: AutomationsPanel },
  { key: 'audience', label: 'Audience', Panel: AudiencePanel },
];

/** /dashboard/email: the store's campaigns, its automations (`?tab=automations`) and its audience (`?tab=audience`). */
export function EmailPage() {
  return (
    <SectionPage title={email?.label ?? 'Email'} description={email?.description ?? ''}>
      <UrlTabs tabs={EMAIL_TABS} label="Email sections" idPrefix="email" />
    </SectionPage>
  );
}
