import { asc, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { emailOutbox, jobs } from '../db/schema/index.ts';
import { createLogger } from '../logger.ts';
import type { EmailMessage } from '../providers/email/types.ts';

/** Test helpers for the jobs folder (not used by the server). */
export const silentLog = createLogger({ logLevel: 'silent' });

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

/** A clock the test moves by hand (CONVENTIONS: no sleeps, inject a clock). */
export function manualClock(start = new Date('2030-01-01T00:00:00.000Z')) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    set: (date: Date) => void (current = date.getTime()),
    advance: (ms: number) => void (current += ms),
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
