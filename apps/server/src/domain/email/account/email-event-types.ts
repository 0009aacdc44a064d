// Exports the event kinds recordEmailEvent applies (a shared type, no function).
export const EMAIL_EVENT_KINDS = ['delivered', 'bounce', 'spam', 'open', 'click', 'unsubscribe'] as const;
export type EmailEventKind = (typeof EMAIL_EVENT_KINDS)[number];
