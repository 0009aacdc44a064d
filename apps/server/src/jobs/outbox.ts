import { emailOutbox } from '../db/schema/index.ts';
import type { EmailMessage } from '../providers/email/types.ts';
import type { Executor } from '../db/executor.ts';

/** One outbox row per job: its id derives from the job id, so a second insert would collide. */
export function outboxIdForJob(jobId: string): string {
  return `eml_${jobId.replace(/^job_/, '')}`;
}

/** The outbox provider's `save`, writing through the job's transaction. */
export async function saveToOutbox(db: Executor, message: EmailMessage, jobId: string): Promise<{ id: string }> {
  const id = outboxIdForJob(jobId);
  await db.insert(emailOutbox).values({
    id,
    to: message.to,
    from: message.from ?? '',
    replyTo: message.replyTo ?? null,
    subject: message.subject,
    text: message.text,
    html: message.html,
    headers: message.headers ?? {},
    tags: message.tags ?? [],
    attachments: message.attachments ?? [],
  });
  return { id };
}
