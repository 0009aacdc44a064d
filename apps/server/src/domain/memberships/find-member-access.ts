import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { memberships, type MembershipStatus } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { accessUntil } from './membership-access.ts';

export interface MemberAccess {
  membershipId: string;
  productId: string;
  tierId: string;
  status: MembershipStatus;
  until: Date;
}

/**
 * The tiers a store's customer has access to now. Only that store's memberships count (a
 * customer id of another store finds nothing, like a missing one); test-mode memberships are
 * judged on the store's test clock, real ones on real time.
 */
export async function findMemberAccess(db: Executor, input: { storeId: string; customerId: string; now: Date }): Promise<MemberAccess[]> {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.storeId, input.storeId), eq(memberships.customerId, input.customerId)));
  if (rows.length === 0) return [];
  const clockNow = new Date(input.now.getTime() + (await readTestClockOffsetMs(db, input.storeId)));
  const access: MemberAccess[] = [];
  for (const row of rows) {
    const until = accessUntil(row);
    const now = row.provider === 'test' ? clockNow : input.now;
    if (until && now < until) access.push({ membershipId: row.id, productId: row.productId, tierId: row.tierId, status: row.status, until });
  }
  return access;
}
