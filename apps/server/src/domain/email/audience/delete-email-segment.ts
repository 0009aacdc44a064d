import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { emailCampaigns, emailSegments } from '#src/db/schema/index.ts';
import { getSegmentOfStore } from './segment-query.ts';

/**
 * Deletes the store's segment. Draft and cancelled campaigns that used it fall back to the whole
 * audience (the foreign key sets their segment to null); a scheduled or sending campaign keeps
 * it, so a deleted segment never silently widens a send that is already planned.
 */
export async function deleteEmailSegment(db: Database, options: { storeId: string; segmentId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await getSegmentOfStore(tx, { ...options, lock: true });
    const [inUse] = await tx
      .select({ id: emailCampaigns.id })
      .from(emailCampaigns)
      .where(and(eq(emailCampaigns.segmentId, options.segmentId), inArray(emailCampaigns.status, ['scheduled', 'sending'])))
      .limit(1);
    if (inUse) throw new AppError('failed-precondition', EMAIL_MESSAGES.segmentInUse);
    await tx.delete(emailSegments).where(eq(emailSegments.id, options.segmentId));
  });
}
