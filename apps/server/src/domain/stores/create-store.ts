import { AppError, DEFAULT_THEME, DEFAULT_TIME_ZONE, MESSAGES, storeLimitForPlan, validateSlug, type FeatureFlags, type Store } from '@shopfront/core';
import { count, eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { stores, tenants, users } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { colorsFromSpecFields, toStore } from './store-profile.ts';

export interface CreateStoreOptions {
  db: Database;
  env: Pick<Env, 'publicUrl'>;
  userId: string;
  storeName: string;
  slug: string;
  description?: string;
  primaryColor?: string;
  backgroundColor?: string;
  /** IANA zone (checked by the contract); UTC without it. */
  timeZone?: string;
  /** The platform's flags (the app's flag cache): `multiStore` decides the store limit. */
  featureFlags: FeatureFlags;
  now: Date;
}

/**
 * Spec §7 createStoreWithTenant / createAdditionalStore. One transaction (SECURITY "Reliability"):
 * the owner's row is locked first, so concurrent creations by one creator count one after the
 * other and the plan limit holds; the unique slug index makes one of several racers win.
 * The store is published at once with its initial profile, so `/{slug}` works right after signup.
 */
export async function createStore(options: CreateStoreOptions): Promise<Store> {
  const { db, now } = options;
  const slug = checkedSlug(options.slug);
  const { featureFlags } = options;
  const storeId = newId('store');
  const tenantId = newId('tnt');

  return db.transaction(async (tx) => {
    const [owner] = await tx
      .select({ planId: users.planId, activeStoreId: users.activeStoreId })
      .from(users)
      .where(eq(users.id, options.userId))
      .for('update');
    if (!owner) throw new AppError('unauthenticated', MESSAGES.stores.unauthenticated);
    const [owned] = await tx.select({ n: count() }).from(stores).where(eq(stores.creatorId, options.userId));
    const storeCount = owned?.n ?? 0;
    // Spec §3 flag `multiStore`: off means one store per creator whatever the plan.
    const limit = featureFlags.multiStore ? storeLimitForPlan(owner.planId) : 1;
    if (storeCount >= limit) {
      throw new AppError('failed-precondition', MESSAGES.stores.limitReached, { storeLimit: limit, planId: owner.planId });
    }

    let row;
    try {
      [row] = await tx
        .insert(stores)
        .values({
          id: storeId,
          slug,
          name: options.storeName,
          description: options.description ?? '',
          creatorId: options.userId,
          theme: DEFAULT_THEME,
          themeOverrides: { colors: colorsFromSpecFields(options) },
          domain: `${new URL(options.env.publicUrl).host}/${slug}`,
          primaryColor: options.primaryColor ?? null,
          backgroundColor: options.backgroundColor ?? null,
          timeZone: options.timeZone ?? DEFAULT_TIME_ZONE,
          publishedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('already-exists', MESSAGES.slug.taken);
      throw error;
    }
    await tx.insert(tenants).values({ id: tenantId, storeId, displayName: options.storeName, createdAt: now, updatedAt: now });
    const isFirstStore = storeCount === 0;
    await tx
      .update(users)
      .set({
        hasStore: true,
        storeCount: storeCount + 1,
        activeStoreId: isFirstStore ? storeId : sql`coalesce(${users.activeStoreId}, ${storeId})`,
        updatedAt: now,
      })
      .where(eq(users.id, options.userId));
    // A storefront cache may remember this slug as "not found"; tell every server.
    await notifyStorefrontChanged(tx, storeId);
    return toStore(row!, tenantId);
  });
}

/** Spec §5 slug rules; a reserved word reads like a taken URL (core rules/slug.ts). */
function checkedSlug(input: string): string {
  const check = validateSlug(input.trim());
  if (check.valid) return check.slug;
  throw new AppError(check.reason === 'reserved' ? 'already-exists' : 'invalid-argument', check.message);
}
