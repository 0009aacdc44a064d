// Exports emailPreviewHandlers, the campaign preview handler that ./index.ts spreads into the email handlers.
import type { HandlerRegistry } from '../types.ts';
import { previewEmailCampaign } from './preview-email-campaign.ts';

export const emailPreviewHandlers = {
  previewEmailCampaign,
} satisfies Partial<HandlerRegistry>;
