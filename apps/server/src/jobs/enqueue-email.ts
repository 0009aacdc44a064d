import type { EmailMessage } from '../providers/email/types.ts';
import { enqueueJob } from './enqueue-job.ts';
import type { Executor } from '../db/executor.ts';

export const SEND_EMAIL_KIND = 'send-email';

export interface SendEmailPayload {
  message: EmailMessage;
}

/**
 * Queues one rendered email for the durable `send-email` job. Pass the
 * transaction that writes the row causing the email, so the email exists only if it commits.
 */
export function enqueueEmail(
  db: Executor,
  message: EmailMessage,
  options: { idempotencyKey?: string; runAt?: Date } = {},
): Promise<{ jobId: string }> {
  const payload: SendEmailPayload = { message };
  return enqueueJob(db, SEND_EMAIL_KIND, payload, options);
}
