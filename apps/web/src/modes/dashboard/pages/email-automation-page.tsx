import { lazy } from 'react';
import { useParams } from 'react-router';
import { AutomationScreen, type EmailBodyEditor } from '#src/features/automations/index.ts';
import { SectionPage } from './section-page.tsx';

// The campaign block editor (Tiptap and all) loads only when an email step's content is opened.
const CampaignBlockEditor: EmailBodyEditor = lazy(() => import('#src/features/email-campaigns/index.ts').then((module) => ({ default: module.BlockList })));

/** /dashboard/email/automations/:automationId: the automation editor, with the campaigns' block editor for its emails. */
export function EmailAutomationPage() {
  const { automationId = '' } = useParams();
  return (
    <SectionPage title="Email" description="Write to the people who opted in, and see how it went.">
      <AutomationScreen key={automationId} automationId={automationId} EmailBodyEditor={CampaignBlockEditor} />
    </SectionPage>
  );
}
