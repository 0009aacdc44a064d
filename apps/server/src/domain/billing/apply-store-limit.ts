import { storeLimitForPlan } from '@shopfront/core';
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { stores, users } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';

/**
 * Puts a creator's stores within their plan's limit: the chosen stores first (in the order given), then the oldest,
 * stay (or come back) online; the rest get `offline_reason = 'plan-limit'` and keep all their data.
 * Stores offline for another reason (abuse, a deactivated owner) are left alone and take no slot.
 * Answers the ids whose state changed; each is announced to the storefront caches.
 */
export async function applyStoreLimit(
  db: Executor,
  options: { userId: string; planId: string; keptStoreIds: readonly string[] },
): Promise<{ offline: string[]; online: string[] }> {
  const limit = storeLimitForPlan(options.planId);
  const rows = await db
    .select({ id: stores.id, offlineReason: stores.offlineReason })
    .from(stores)
    .where(and(eq(stores.creatorId, options.userId), or(isNull(stores.offlineReason), eq(stores.offlineReason, 'plan-limit'))))
    .orderBy(asc(stores.createdAt), asc(stores.id))
    .for('update');
  const kept = new Set(options.keptStoreIds);
  const byId = new Map(rows.map((row) => [row.id, row]));
  const keptRows = [...kept].flatMap((id) => byId.get(id) ?? []);
  const ordered = [...keptRows, ...rows.filter((row) => !kept.has(row.id))];
  const stay = new Set(ordered.slice(0, limit).map((row) => row.id));
  const offline = rows.filter((row) => !stay.has(row.id) && row.offlineReason === null).map((row) => row.id);
  const online = rows.filter((row) => stay.has(row.id) && row.offlineReason === 'plan-limit').map((row) => row.id);
  if (offline.length > 0) {
    await db.update(stores).set({ offlineReason: 'plan-limit' }).where(inArray(stores.id, offline));
  }
  if (online.length > 0) {
    await db.update(stores).set({ offlineReason: null, offlineNote: null }).where(inArray(stores.id, online));
  }
  for (const id of [...offline, ...online]) await notifyStorefrontChanged(db, id);
  return { offline, online };
}

/**
 * Puts a creator's stores back within their current plan after something other than billing
 * brought stores online or changed the plan (an admin restore, a reactivation, `npm run admin --
 * plan`). Stores that were online before keep their places; `returning` (the stores just brought
 * back) take what room is left, so nothing that was already live goes dark first.
 */
export async function reapplyStoreLimit(
  db: Executor,
  options: { userId: string; returning?: readonly string[] },
): Promise<{ offline: string[]; online: string[] }> {
  const [user] = await db.select({ planId: users.planId }).from(users).where(eq(users.id, options.userId));
  if (!user) return { offline: [], online: [] };
  const returning = new Set(options.returning ?? []);
  const live = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.creatorId, options.userId), isNull(stores.offlineReason)))
    .orderBy(asc(stores.createdAt), asc(stores.id));
  const keptStoreIds = [...live.filter((row) => !returning.has(row.id)), ...live.filter((row) => returning.has(row.id))].map((row) => row.id);
  return applyStoreLimit(db, { userId: options.userId, planId: user.planId, keptStoreIds });
}
