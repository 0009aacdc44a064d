import { AppError } from '@shopfront/core';
import type { HandlerRegistry } from '../types.ts';

// PLACEHOLDER: replaced by the real handlers before this lands.
const notYet = () => Promise.reject(new AppError('unimplemented', 'Not built yet'));

export const emailAudienceHandlers = {
  listEmailSegments: notYet,
  countSegmentRecipients: notYet,
  createEmailSegment: notYet,
  updateEmailSegment: notYet,
  deleteEmailSegment: notYet,
  previewContactImport: notYet,
  importContacts: notYet,
  getMemberEmailPreferences: notYet,
  updateMemberEmailPreferences: notYet,
} satisfies Partial<HandlerRegistry>;
