import { ComingSoon } from '../../../components/layout/coming-soon.tsx';
import { SecurityPanel } from '../../../features/auth/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const settings = DASHBOARD_SECTIONS.find((section) => section.key === 'settings');

/** /dashboard/settings: the Security section (issue 3); store settings arrive with later issues. */
export function SettingsPage() {
  return (
    <SectionPage title={settings?.label ?? 'Settings'} description={settings?.description ?? ''}>
      <div className="space-y-8">
        <SecurityPanel />
        <ComingSoon title="Store settings are coming soon" description="Store details, domains and payments arrive with the stores issue." />
      </div>
    </SectionPage>
  );
}
