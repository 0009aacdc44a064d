import type { EmailSegment } from '@shopfront/core';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailSegments } from '#src/db/schema/index.ts';
import { countSegmentRecipients } from './count-segment-recipients.ts';
import { toEmailSegment } from './segment-query.ts';

/** The store's segments, oldest first, each with who it would email now. */
export async function listEmailSegments(db: Executor, store: { id: string; timeZone: string }): Promise<EmailSegment[]> {
  const rows = await db.select().from(emailSegments).where(eq(emailSegments.storeId, store.id)).orderBy(asc(emailSegments.createdAt), asc(emailSegments.id));
  const segments: EmailSegment[] = [];
  for (const row of rows) {
    const { recipients } = await countSegmentRecipients(db, { storeId: store.id, timeZone: store.timeZone, filter: row.filter });
    segments.push(toEmailSegment(row, recipients));
  }
  return segments;
}
