// Exports the segment reads every segment function builds on (getSegmentOfStore, toEmailSegment,
// segmentNotFound): one module because they share the not-found rule and the wire shape.
import { AppError, EMAIL_MESSAGES, type EmailSegment } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { emailSegments } from '#src/db/schema/index.ts';

export type EmailSegmentRow = typeof emailSegments.$inferSelect;

/** A segment of another store answers exactly like a missing one. */
export function segmentNotFound(): AppError {
  return new AppError('not-found', EMAIL_MESSAGES.segmentNotFound);
}

/** The store's segment, or `segmentNotFound`; `lock` takes a row lock for an update or delete. */
export async function getSegmentOfStore(db: Executor, options: { storeId: string; segmentId: string; lock?: boolean }): Promise<EmailSegmentRow> {
  const query = db
    .select()
    .from(emailSegments)
    .where(and(eq(emailSegments.id, options.segmentId), eq(emailSegments.storeId, options.storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw segmentNotFound();
  return row;
}

export function toEmailSegment(row: EmailSegmentRow, recipientCount: number): EmailSegment {
  return {
    id: row.id,
    storeId: row.storeId,
    name: row.name,
    filter: row.filter,
    recipientCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
