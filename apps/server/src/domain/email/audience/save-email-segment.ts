import type { EmailSegment, SegmentFilter } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { emailSegments } from '#src/db/schema/index.ts';
import { assertSegmentFilter } from './assert-segment-filter.ts';
import { countSegmentRecipients } from './count-segment-recipients.ts';
import { getSegmentOfStore, toEmailSegment } from './segment-query.ts';

interface SaveOptions {
  store: { id: string; timeZone: string };
  /** Absent: create. */
  segmentId?: string;
  name: string;
  filter: SegmentFilter;
  now: Date;
}

/** createEmailSegment and updateEmailSegment; a foreign segment id answers like a missing one. */
export async function saveEmailSegment(db: Database, options: SaveOptions): Promise<EmailSegment> {
  const { store, now } = options;
  const filter = cleanFilter(options.filter);
  assertSegmentFilter(filter);
  const row = await db.transaction(async (tx) => {
    if (options.segmentId) {
      await getSegmentOfStore(tx, { storeId: store.id, segmentId: options.segmentId, lock: true });
      const [updated] = await tx.update(emailSegments).set({ name: options.name, filter, updatedAt: now }).where(eq(emailSegments.id, options.segmentId)).returning();
      return updated!;
    }
    const [created] = await tx
      .insert(emailSegments)
      .values({ id: newId('seg'), storeId: store.id, name: options.name, filter, createdAt: now, updatedAt: now })
      .returning();
    return created!;
  });
  const { recipients } = await countSegmentRecipients(db, { storeId: store.id, timeZone: store.timeZone, filter });
  return toEmailSegment(row, recipients);
}

/** Empty lists and a false `boughtNothing` are the same as leaving the condition out. */
function cleanFilter(filter: SegmentFilter): SegmentFilter {
  const cleaned: SegmentFilter = {};
  if (filter.boughtProductIds?.length) cleaned.boughtProductIds = [...new Set(filter.boughtProductIds)];
  if (filter.tags?.length) cleaned.tags = [...new Set(filter.tags)];
  if (filter.signedUpFrom) cleaned.signedUpFrom = filter.signedUpFrom;
  if (filter.signedUpTo) cleaned.signedUpTo = filter.signedUpTo;
  if (filter.boughtNothing) cleaned.boughtNothing = true;
  return cleaned;
}
