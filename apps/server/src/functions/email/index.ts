import type { HandlerRegistry } from '../types.ts';
import { emailAccountHandlers } from './account-handlers.ts';
import { emailAudienceHandlers } from './audience-handlers.ts';
import { emailCampaignHandlers } from './campaign-handlers.ts';
import { emailPreviewHandlers } from './preview-handlers.ts';

/** Email marketing handlers; ../index.ts spreads them into the registry. */
export const emailHandlers = {
  ...emailAccountHandlers,
  ...emailAudienceHandlers,
  ...emailCampaignHandlers,
  ...emailPreviewHandlers,
} satisfies Partial<HandlerRegistry>;
