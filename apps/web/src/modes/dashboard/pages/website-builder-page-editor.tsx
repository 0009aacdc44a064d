import { useParams } from 'react-router';
import { WebsitePageEditor } from '#src/features/website-builder/index.ts';
import { DASHBOARD_PATHS } from '../paths.ts';
import { WEBSITE_CANVAS_KIT } from '../website-canvas-kit.tsx';

/** /dashboard/website-builder/page/:pageSlug (a lazy chunk: Puck loads only here). */
export function WebsiteBuilderPageEditor() {
  const { pageSlug = '' } = useParams();
  return <WebsitePageEditor key={pageSlug} pageSlug={pageSlug} kit={WEBSITE_CANVAS_KIT} pagesPath={DASHBOARD_PATHS.websiteBuilder} />;
}
