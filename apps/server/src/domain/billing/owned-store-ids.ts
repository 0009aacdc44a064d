import { AppError, BILLING_MESSAGES } from '@shopfront/core';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { stores } from '#src/db/schema/index.ts';

/**
 * The given store ids, checked to be the creator's and not offline for another reason (abuse, a
 * deactivated owner). Another creator's id answers exactly like a missing one.
 */
export async function ownedStoreIds(db: Executor, userId: string, storeIds: readonly string[]): Promise<string[]> {
  const unique = [...new Set(storeIds)];
  if (unique.length === 0) return [];
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(inArray(stores.id, unique), eq(stores.creatorId, userId), or(isNull(stores.offlineReason), eq(stores.offlineReason, 'plan-limit'))));
  if (rows.length !== unique.length) throw new AppError('not-found', BILLING_MESSAGES.storeNotFound);
  return unique;
}
