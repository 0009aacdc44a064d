/** Longest maintenance message: it is shown on the landing and signup pages, so a paragraph. */
export const MAINTENANCE_MESSAGE_MAX_LENGTH = 500;
/** Longest reason an admin gives for a platform change (kept in the audit log). */
export const PLATFORM_REASON_MAX_LENGTH = 500;

export const PLATFORM_CONFIG_MESSAGES = {
  messageRequired: 'Write the message visitors see while maintenance is on.',
  messageTooLong: `Keep the message under ${MAINTENANCE_MESSAGE_MAX_LENGTH + 1} characters.`,
  endsAtInPast: 'The end time must be in the future.',
  reasonRequired: 'Give a reason; it is kept in the audit log.',
  reasonTooLong: `Keep the reason under ${PLATFORM_REASON_MAX_LENGTH + 1} characters.`,
  featureDisabled: 'This feature is not available on this platform right now.',
} as const;
