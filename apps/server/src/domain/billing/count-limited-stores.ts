import { and, count, eq, isNull, or } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { stores } from '#src/db/schema/index.ts';

/** How many of a creator's stores a plan's limit applies to (those not offline for another reason). */
export async function countLimitedStores(db: Executor, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(stores)
    .where(and(eq(stores.creatorId, userId), or(isNull(stores.offlineReason), eq(stores.offlineReason, 'plan-limit'))));
  return row?.n ?? 0;
}
