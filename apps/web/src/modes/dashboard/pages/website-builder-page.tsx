import { generatePath } from 'react-router';
import { WebsitePagesPanel } from '#src/features/website-builder/index.ts';
import { DASHBOARD_PATHS, DASHBOARD_SECTIONS } from '../paths.ts';
import { SectionPage } from './section-page.tsx';

const section = DASHBOARD_SECTIONS.find((item) => item.key === 'website-builder');
const editorPath = (pageSlug: string) => generatePath(DASHBOARD_PATHS.websiteBuilderPage, { pageSlug });

/** /dashboard/website-builder: the website's pages. */
export function WebsiteBuilderPage() {
  return (
    <SectionPage title={section?.label ?? 'Website builder'} description={section?.description ?? ''}>
      <WebsitePagesPanel editorPath={editorPath} />
    </SectionPage>
  );
}
