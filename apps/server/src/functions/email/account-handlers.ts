// Exports emailAccountHandlers: the account handlers ../email/index.ts spreads into the registry.
import type { HandlerRegistry } from '../types.ts';
import { enableStoreEmail } from './enable-store-email.ts';
import { getEmailSettings } from './get-email-settings.ts';
import { retryEmailSubaccountCreation } from './retry-email-subaccount-creation.ts';
import { retryWebhookCreation } from './retry-webhook-creation.ts';
import { updateEmailSettings } from './update-email-settings.ts';

/** Settings › Email and the store's smtp2go sending account. */
export const emailAccountHandlers = {
  getEmailSettings,
  updateEmailSettings,
  enableStoreEmail,
  retryEmailSubaccountCreation,
  retryWebhookCreation,
} satisfies Partial<HandlerRegistry>;
