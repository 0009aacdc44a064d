import { EmailSendError } from './email-send-error.ts';
import type { EmailMessage, EmailProvider, SentEmail } from './types.ts';

/** Persists one message (the `email_outbox` table in the app) and returns its row id. */
export type SaveToOutbox = (message: EmailMessage) => Promise<{ id: string }>;

export interface OutboxConfig {
  save: SaveToOutbox;
  /** Filled into messages without `from`, so the dev mailbox shows what SMTP would send. */
  from?: string | undefined;
}

/**
 * The default provider (CONVENTIONS rule 2: runs offline): nothing leaves the machine; the dev
 * mailbox page and e2e tests read the stored messages. A failing `save` (database down) is
 * reported as a retryable `EmailSendError` with the original error as `cause`.
 */
export function createOutboxProvider(config: OutboxConfig): EmailProvider & { readonly name: 'outbox' } {
  return {
    name: 'outbox',
    async send(message: EmailMessage): Promise<SentEmail> {
      const from = message.from ?? config.from;
      try {
        const { id } = await config.save(from === undefined ? message : { ...message, from });
        return { providerMessageId: id };
      } catch (error) {
        throw new EmailSendError('Outbox save failed', { provider: 'outbox', retryable: true, code: 'outbox_save', cause: error });
      }
    },
  };
}
