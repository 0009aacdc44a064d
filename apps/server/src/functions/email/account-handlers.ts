import { AppError } from '@shopfront/core';
import type { HandlerRegistry } from '../types.ts';

// PLACEHOLDER: replaced by the real handlers before this lands.
const notYet = () => Promise.reject(new AppError('unimplemented', 'Not built yet'));

export const emailAccountHandlers = {
  getEmailSettings: notYet,
  updateEmailSettings: notYet,
  enableStoreEmail: notYet,
  retryEmailSubaccountCreation: notYet,
  retryWebhookCreation: notYet,
} satisfies Partial<HandlerRegistry>;
