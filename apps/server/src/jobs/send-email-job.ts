import { z } from 'zod';
import type { Database } from '../db/client.ts';
import type { EmailConfig } from '../env/email-env.ts';
import { emailProviderFromConfig } from '../providers/email/select-provider.ts';
import type { EmailMessage, EmailProvider } from '../providers/email/types.ts';
import { SEND_EMAIL_KIND } from './enqueue-email.ts';
import { saveToOutbox } from './outbox.ts';
import { PermanentJobError, type ClaimedJob, type JobHandler, type JobRunContext } from './types.ts';

const EmailMessageSchema = z.object({
  to: z.string().min(1),
  from: z.string().optional(),
  replyTo: z.string().optional(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
  tags: z.array(z.string()).optional(),
  attachments: z.array(z.object({ filename: z.string().min(1), contentType: z.string().min(1), content: z.string() })).optional(),
});
const PayloadSchema = z.object({ message: EmailMessageSchema });

export interface SendEmailJobOptions {
  db: Database;
  config: EmailConfig;
  /** Replaces the SMTP / smtp2go provider built from `config` (ignored for the outbox). */
  provider?: EmailProvider;
  fetch?: typeof fetch;
  /** The lane it serves: SEND_EMAIL_KIND (default) or SEND_BULK_EMAIL_KIND. */
  kind?: string;
}

export interface SendEmailJob extends JobHandler {
  /** Closes the SMTP transport (shutdown). */
  close(): void;
}

/**
 * Delivers a queued email (ARCHITECTURE "Jobs": never double-send).
 *
 * Outbox: the row and the job's `done` commit in one transaction, and the row id derives from the
 * job id, so a message is stored exactly once whatever crashes when.
 *
 * SMTP / smtp2go: the job is marked done the moment the provider accepts the message. A crash
 * before acceptance leaves the job `running`; its lease expires and it is sent again (a retry).
 * A crash after `done` committed never resends. What cannot be promised: the milliseconds between
 * the server's 250 reply and our commit have no two-phase commit with the mail server, so a crash
 * exactly there resends once after the lease expires (at-least-once). For SMTP the Message-ID is
 * derived from the job id, so such a duplicate carries the same Message-ID and receivers that
 * de-duplicate on it show one message.
 */
export function createSendEmailJob(options: SendEmailJobOptions): SendEmailJob {
  const { db, config } = options;
  const unusedSave = () => Promise.reject(new Error('the outbox is written inside the job transaction'));
  const remote = config.provider === 'outbox'
    ? null
    : (options.provider ?? emailProviderFromConfig(config, { saveToOutbox: unusedSave, fetch: options.fetch }));

  return {
    kind: options.kind ?? SEND_EMAIL_KIND,
    async run(job: ClaimedJob, ctx: JobRunContext) {
      const message = parseMessage(job);
      if (remote === null) {
        await db.transaction(async (tx) => {
          const outbox = emailProviderFromConfig(config, { saveToOutbox: (m) => saveToOutbox(tx, m, job.id) });
          await outbox.send(message);
          await ctx.complete(tx);
        });
        return;
      }
      const sent = await remote.send(remote.name === 'smtp' ? withStableMessageId(message, job.id, config.from) : message);
      await ctx.complete(db);
      ctx.log.info({ providerMessageId: sent.providerMessageId }, 'email sent');
    },
    // Codes and sign-in links must not outlive delivery in the jobs table (SECURITY: codes).
    redactPayload: (payload) => {
      const parsed = PayloadSchema.safeParse(payload);
      return { redacted: true, to: parsed.success ? parsed.data.message.to : null, tags: parsed.success ? (parsed.data.message.tags ?? []) : [] };
    },
    close() {
      if (remote && 'close' in remote && typeof remote.close === 'function') remote.close();
    },
  };
}

function parseMessage(job: ClaimedJob): EmailMessage {
  const parsed = PayloadSchema.safeParse(job.payload);
  if (!parsed.success) throw new PermanentJobError('send-email payload is not an email message');
  return stripUndefined(parsed.data.message);
}

function withStableMessageId(message: EmailMessage, jobId: string, defaultFrom: string): EmailMessage {
  const headers = message.headers ?? {};
  if (Object.keys(headers).some((name) => name.toLowerCase() === 'message-id')) return message;
  const domain = /@([^\s<>@]+)>?\s*$/.exec(message.from ?? defaultFrom)?.[1] ?? 'shopfront.invalid';
  return { ...message, headers: { ...headers, 'Message-ID': `<${jobId}@${domain}>` } };
}

function stripUndefined(message: z.output<typeof EmailMessageSchema>): EmailMessage {
  return Object.fromEntries(Object.entries(message).filter(([, value]) => value !== undefined)) as unknown as EmailMessage;
}
