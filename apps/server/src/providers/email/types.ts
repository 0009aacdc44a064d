import type { EmailProviderName } from '#src/env/email-env.ts';

export type { EmailProviderName };

/**
 * One email to one recipient, already rendered (see `templates/`). Providers never render or
 * template anything themselves, so the outbox stores exactly what SMTP or smtp2go would send.
 */
export interface EmailMessage {
  /** One recipient: `user@example.com` or `Name <user@example.com>`. */
  to: string;
  /** Overrides the provider's configured sender (`EMAIL_FROM`), e.g. a store's own address later. */
  from?: string;
  replyTo?: string;
  subject: string;
  /** Plain-text part; must carry the same content as `html` (codes, links). */
  text: string;
  html: string;
  /** Extra headers (e.g. `List-Unsubscribe`). Values must be single-line. */
  headers?: Record<string, string>;
  /** Labels for reporting (e.g. `verification-code`). Only the outbox keeps them today. */
  tags?: string[];
  /** Text files sent along (a calendar invite); at most a few, each small. */
  attachments?: EmailAttachment[];
}

/** A text attachment, UTF-8: `invite.ics` as `text/calendar; method=REQUEST`. */
export interface EmailAttachment {
  filename: string;
  /** The full MIME type with its parameters (the charset is added by the provider). */
  contentType: string;
  content: string;
}

/** What a provider answers once it has accepted a message. */
export interface SentEmail {
  /**
   * The provider's id for the message (SMTP Message-ID, smtp2go `email_id`, outbox row id), to
   * match delivery webhooks later; `null` when the provider accepted it without giving one.
   */
  providerMessageId: string | null;
}

/**
 * Sends one message. Resolves once the provider has accepted it (an SMTP 250 after DATA, an
 * smtp2go 200, an outbox row written); throws `EmailSendError` otherwise, whose `retryable`
 * tells the email job whether to try again later or mark the message failed.
 *
 * The job that calls `send` records "sent" right after it resolves (ARCHITECTURE "Jobs": never
 * double-send), so providers must not retry internally.
 */
export interface EmailProvider {
  readonly name: EmailProviderName;
  send(message: EmailMessage): Promise<SentEmail>;
  /** Checks the connection and credentials (start-up / health); throws `EmailSendError`. */
  verify?(): Promise<void>;
}
