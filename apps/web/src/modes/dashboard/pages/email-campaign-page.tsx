import { useParams } from 'react-router';
import { CampaignScreen } from '#src/features/email-campaigns/index.ts';
import { SectionPage } from './section-page.tsx';

/** /dashboard/email/campaigns/:campaignId (`new` to write one). */
export function EmailCampaignPage() {
  const { campaignId = 'new' } = useParams();
  return (
    <SectionPage title="Email" description="Write to the people who opted in, and see how it went.">
      <CampaignScreen key={campaignId} campaignId={campaignId} />
    </SectionPage>
  );
}
