import { asc, eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { stores, subscriptions, users } from '#src/db/schema/index.ts';
import type { TestApp } from '#src/testing/test-app.ts';

let counter = 0;

/** Published stores for a creator, written straight to the database, oldest first (a minute apart). */
export async function publishedStores(t: Pick<TestApp, 'db'>, userId: string, count: number): Promise<string[]> {
  const base = Date.now() - 24 * 60 * 60 * 1000;
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const id = newId('store');
    const at = new Date(base + (++counter) * 60_000);
    await t.db.insert(stores).values({ id, slug: `billing-${counter}-${id.slice(-6)}`, name: `Store ${counter}`, creatorId: userId, publishedAt: at, createdAt: at, updatedAt: at });
    ids.push(id);
  }
  await t.db.update(users).set({ hasStore: true, storeCount: count }).where(eq(users.id, userId));
  return ids;
}

/** Each of the creator's stores: id → offline reason (null = online). */
export async function storeStates(t: Pick<TestApp, 'db'>, userId: string): Promise<Record<string, string | null>> {
  const rows = await t.db.select({ id: stores.id, reason: stores.offlineReason }).from(stores).where(eq(stores.creatorId, userId)).orderBy(asc(stores.createdAt));
  return Object.fromEntries(rows.map((row) => [row.id, row.reason]));
}

export async function planOf(t: Pick<TestApp, 'db'>, userId: string): Promise<string | undefined> {
  const [row] = await t.db.select({ planId: users.planId }).from(users).where(eq(users.id, userId));
  return row?.planId;
}

export async function subscriptionRows(t: Pick<TestApp, 'db'>, userId: string) {
  return t.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
}
