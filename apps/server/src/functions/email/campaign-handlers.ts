import { AppError } from '@shopfront/core';
import type { HandlerRegistry } from '../types.ts';

// PLACEHOLDER: replaced by the real handlers before this lands.
const notYet = () => Promise.reject(new AppError('unimplemented', 'Not built yet'));

export const emailCampaignHandlers = {
  listEmailCampaigns: notYet,
  getEmailCampaign: notYet,
  createEmailCampaign: notYet,
  updateEmailCampaign: notYet,
  deleteEmailCampaign: notYet,
  sendTestEmail: notYet,
  scheduleEmailCampaign: notYet,
  cancelEmailCampaign: notYet,
  stopEmailCampaign: notYet,
} satisfies Partial<HandlerRegistry>;
