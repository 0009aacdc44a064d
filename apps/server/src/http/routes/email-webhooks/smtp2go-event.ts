import { createHash } from 'node:crypto';
import type { EmailEventKind } from '#src/domain/email/account/email-event-types.ts';

/** One smtp2go webhook event as recordEmailEvent takes it, or null for events we do not track. */
export interface Smtp2goEvent {
  eventId: string;
  event: EmailEventKind;
  email: string;
  messageId: string | null;
  providerMessageId: string | null;
  at: Date;
}

const KINDS: Record<string, EmailEventKind> = {
  delivered: 'delivered',
  bounce: 'bounce',
  spam: 'spam',
  open: 'open',
  click: 'click',
  unsubscribe: 'unsubscribe',
};

/**
 * Reads smtp2go's webhook fields (JSON or form): `event`, `rcpt`, `email_id`, `message-id`
 * (the Message-ID we set), `time`, `bounce` (hard|soft). smtp2go sends no event id, so the id
 * is a hash of the fields that make an event unique; a redelivery of the same event has the same
 * id. Soft bounces (a full mailbox, a greylisting server) are not suppressed: smtp2go retries
 * them and reports a hard bounce if delivery finally fails. processed, reject and resubscribe
 * are acknowledged and ignored.
 */
export function smtp2goEvent(storeId: string, fields: Record<string, unknown>, now: Date): Smtp2goEvent | null {
  const text = (name: string) => {
    const value = fields[name];
    return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
  };
  const event = KINDS[text('event').toLowerCase()];
  const email = text('rcpt') || text('email');
  if (!event || !email) return null;
  if (event === 'bounce' && text('bounce').toLowerCase() === 'soft') return null;

  const rawMessageId = text('message-id') || text('Message-Id') || text('message_id');
  const messageId = rawMessageId ? (rawMessageId.startsWith('<') ? rawMessageId : `<${rawMessageId}>`) : null;
  const providerMessageId = text('email_id') || null;
  const time = text('time');
  const eventId = `smtp2go:${createHash('sha256')
    .update([storeId, event, email.toLowerCase(), providerMessageId ?? '', messageId ?? '', time].join('\n'))
    .digest('base64url')}`;
  return { eventId, event, email, messageId, providerMessageId, at: parseTime(time) ?? now };
}

/** smtp2go documents "UTC timestamp": accept ISO 8601, `YYYY-MM-DD HH:MM:SS` (UTC) or Unix seconds. */
function parseTime(value: string): Date | null {
  if (!value) return null;
  if (/^\d{9,11}(\.\d+)?$/.test(value)) return new Date(Number(value) * 1000);
  const iso = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value) ? `${value.replace(' ', 'T')}Z` : value;
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? null : at;
}
