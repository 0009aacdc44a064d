import type { MyMembership } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { memberships } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { toMyMemberships } from './to-my-memberships.ts';

/** The signed-in customer's memberships at this store, newest first (another store's never show). */
export async function listMyMemberships(deps: { db: Database; now: Date }, input: { storeId: string; customerId: string }): Promise<MyMembership[]> {
  const rows = await deps.db
    .select()
    .from(memberships)
    .where(and(eq(memberships.storeId, input.storeId), eq(memberships.customerId, input.customerId)))
    .orderBy(desc(memberships.createdAt), desc(memberships.id));
  const clockNow = new Date(deps.now.getTime() + (await readTestClockOffsetMs(deps.db, input.storeId)));
  return toMyMemberships(deps.db, rows, clockNow, deps.now);
}
