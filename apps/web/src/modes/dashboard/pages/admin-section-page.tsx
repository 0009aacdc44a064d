import { AdminPage } from '#src/features/admin/index.ts';
import { DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const admin = DASHBOARD_SECTIONS.find((section) => section.key === 'admin');

/** /dashboard/admin: platform administration (the page itself checks admin and two-step verification). */
export function AdminSectionPage() {
  return (
    <SectionPage title={admin?.label ?? 'Admin'} description={admin?.description ?? ''}>
      <AdminPage />
    </SectionPage>
  );
}
