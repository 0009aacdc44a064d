import { and, desc, inArray, sql } from 'drizzle-orm';
import { jobs } from '../db/schema/index.ts';
import { SEND_BULK_EMAIL_KIND, SEND_EMAIL_KIND } from '../jobs/enqueue-email.ts';
import type { TestApp } from './test-app.ts';

export interface QueuedEmail {
  to: string;
  subject: string;
  text: string;
  html: string;
  tags?: string[];
}

/** Emails queued for the durable send jobs, either lane (the test app runs no worker, so they stay queued). */
export async function queuedEmails(t: TestApp, to: string): Promise<QueuedEmail[]> {
  const rows = await t.db
    .select({ payload: jobs.payload })
    .from(jobs)
    .where(and(inArray(jobs.kind, [SEND_EMAIL_KIND, SEND_BULK_EMAIL_KIND]), sql`${jobs.payload} -> 'message' ->> 'to' = ${to}`))
    .orderBy(desc(jobs.createdAt), desc(jobs.id));
  return rows.map((row) => (row.payload as { message: QueuedEmail }).message);
}

/** The code of the newest code email to `to`, read from the queued job (never from logs). */
export async function latestCode(t: TestApp, to: string): Promise<string> {
  const emails = await queuedEmails(t, to);
  for (const email of emails) {
    const match = /^(\d{6}) is your/.exec(email.subject);
    if (match?.[1]) return match[1];
  }
  throw new Error(`no code email to ${to}`);
}

export async function countCodeEmails(t: TestApp, to: string): Promise<number> {
  return (await queuedEmails(t, to)).filter((email) => /^\d{6} is your/.test(email.subject)).length;
}

/** A 6-digit code `by` steps away from `code` (wrapping at 999999), so it is never the right one. */
export function wrongCode(code: string, by = 1): string {
  return String((Number(code) + by) % 1_000_000).padStart(6, '0');
}
