import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailOutbox, jobs } from '../db/schema/index.ts';
import type { EmailMessage } from '../providers/email/types.ts';

export const OUTBOX_FROM = 'Shopfront <no-reply@shopfront.test>';

export function testMessage(overrides: Partial<EmailMessage> = {}): EmailMessage {
  return {
    to: 'ada@example.com',
    subject: '482915 is your Shopfront verification code',
    text: 'Your code is 482915.',
    html: '<p>Your code is <b>482915</b>.</p>',
    tags: ['signup-code'],
    ...overrides,
  };
}

export async function jobRow(db: Database, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  if (!row) throw new Error(`no job ${id}`);
  return row;
}

export function outboxRows(db: Database) {
  return db.select().from(emailOutbox).orderBy(asc(emailOutbox.createdAt), asc(emailOutbox.id));
}

export async function resetQueue(db: Database): Promise<void> {
  await db.execute(sql`truncate ${jobs}, ${emailOutbox}`);
}
