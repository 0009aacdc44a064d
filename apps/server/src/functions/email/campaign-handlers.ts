// Exports emailCampaignHandlers: the campaign handlers ../email/index.ts spreads into the registry.
import type { HandlerRegistry } from '../types.ts';
import { cancelEmailCampaign } from './cancel-email-campaign.ts';
import { createEmailCampaign } from './create-email-campaign.ts';
import { deleteEmailCampaign } from './delete-email-campaign.ts';
import { getEmailCampaign } from './get-email-campaign.ts';
import { listEmailCampaigns } from './list-email-campaigns.ts';
import { scheduleEmailCampaign } from './schedule-email-campaign.ts';
import { sendTestEmail } from './send-test-email.ts';
import { stopEmailCampaign } from './stop-email-campaign.ts';
import { updateEmailCampaign } from './update-email-campaign.ts';

/** Campaigns: the list with stats, the editor's saves, test sends, and the send's lifecycle. */
export const emailCampaignHandlers = {
  listEmailCampaigns,
  getEmailCampaign,
  createEmailCampaign,
  updateEmailCampaign,
  deleteEmailCampaign,
  sendTestEmail,
  scheduleEmailCampaign,
  cancelEmailCampaign,
  stopEmailCampaign,
} satisfies Partial<HandlerRegistry>;
