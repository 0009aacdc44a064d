import type { EmailMessage } from '../providers/email/types.ts';
import { enqueueJob } from './enqueue-job.ts';
import type { Executor } from '../db/executor.ts';

export const SEND_EMAIL_KIND = 'send-email';
/**
 * Mail made in bursts (a store's membership receipts and notices, thousands when its test clock
 * moves past a renewal day) goes out on a lane of its own, so sign-in codes and order receipts on
 * the main runner never queue behind it. Same handler, same guarantees, another runner.
 */
export const SEND_BULK_EMAIL_KIND = 'send-email-bulk';

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
  options: { idempotencyKey?: string; runAt?: Date; lane?: 'bulk' } = {},
): Promise<{ jobId: string }> {
  const payload: SendEmailPayload = { message };
  const { lane, ...rest } = options;
  return enqueueJob(db, lane === 'bulk' ? SEND_BULK_EMAIL_KIND : SEND_EMAIL_KIND, payload, rest);
}
