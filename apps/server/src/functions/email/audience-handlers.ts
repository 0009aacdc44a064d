// Exports emailAudienceHandlers: the audience handlers ../email/index.ts spreads into the registry.
import type { HandlerRegistry } from '../types.ts';
import { countSegmentRecipients } from './count-segment-recipients.ts';
import { createEmailSegment } from './create-email-segment.ts';
import { deleteEmailSegment } from './delete-email-segment.ts';
import { getMemberEmailPreferences } from './get-member-email-preferences.ts';
import { importContacts } from './import-contacts.ts';
import { listEmailSegments } from './list-email-segments.ts';
import { previewContactImport } from './preview-contact-import.ts';
import { updateEmailSegment } from './update-email-segment.ts';
import { updateMemberEmailPreferences } from './update-member-email-preferences.ts';

/** Segments, CSV imports, and the members area's own email preference. */
export const emailAudienceHandlers = {
  listEmailSegments,
  countSegmentRecipients,
  createEmailSegment,
  updateEmailSegment,
  deleteEmailSegment,
  previewContactImport,
  importContacts,
  getMemberEmailPreferences,
  updateMemberEmailPreferences,
} satisfies Partial<HandlerRegistry>;
