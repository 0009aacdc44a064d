import { useParams } from 'react-router';
import { ComingSoon } from '#src/components/layout/coming-soon.tsx';
import { SectionPage } from './section-page.tsx';

export function WebsiteBuilderPageEditor() {
  const { pageSlug = '' } = useParams();
  return (
    <SectionPage title="Website builder" description={`Editing the page “${pageSlug}”.`}>
      <ComingSoon title={`Page editor for “${pageSlug}” is coming soon`} />
    </SectionPage>
  );
}
