import { AppError, MESSAGES, validateSlug, type StoreRef } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { bioDomains, customDomains, stores, users } from '#src/db/schema/index.ts';
import { normaliseCustomDomain, normaliseHost } from './normalise-domain.ts';

/** The fixed development creator that owns stores made by testCreateStoreSimple (spec §7). */
export const DEV_CREATOR = { id: 'dev_creator', email: 'dev-creator@shopfront.test' } as const;

export const DOMAIN_TAKEN_MESSAGE = 'This domain is already connected to another store.';
export const INVALID_DOMAIN_MESSAGE = 'Please enter a valid domain name, such as shop.example.com.';

const HOST_NAME = /^(?=.{4,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

export interface CreateDevStoreOptions {
  db: Database;
  slug: string;
  name: string;
  customDomain?: string;
  bioDomain?: string;
  now: Date;
}

/**
 * Development only: a store owned by DEV_CREATOR, with its custom (already verified) and bio
 * domain rows, all in one transaction. A taken slug answers the spec §5 message.
 */
export async function createDevStore(options: CreateDevStoreOptions): Promise<StoreRef> {
  const { db, now } = options;
  const slugCheck = validateSlug(options.slug.trim());
  if (!slugCheck.valid) {
    throw new AppError(slugCheck.reason === 'reserved' ? 'already-exists' : 'invalid-argument', slugCheck.message);
  }
  const customDomain = options.customDomain ? checkedHost(normaliseCustomDomain(options.customDomain)) : null;
  const bioDomain = options.bioDomain ? checkedHost(normaliseHost(options.bioDomain)) : null;
  const storeId = newId('store');

  return db.transaction(async (tx) => {
    await tx
      .insert(users)
      .values({ id: DEV_CREATOR.id, email: DEV_CREATOR.email, displayName: 'Development Creator', emailVerified: true })
      .onConflictDoNothing();
    await insertOrExplain(
      tx.insert(stores).values({
        id: storeId,
        slug: slugCheck.slug,
        name: options.name.trim(),
        creatorId: DEV_CREATOR.id,
        customDomain,
        createdAt: now,
        updatedAt: now,
      }),
      MESSAGES.slug.taken,
    );
    if (customDomain) {
      await insertOrExplain(
        tx.insert(customDomains).values({ domain: customDomain, storeId, verifiedAt: now, createdAt: now }),
        DOMAIN_TAKEN_MESSAGE,
      );
    }
    if (bioDomain) {
      await insertOrExplain(
        tx.insert(bioDomains).values({ fullDomain: bioDomain, storeId, createdAt: now }),
        DOMAIN_TAKEN_MESSAGE,
      );
    }
    await tx
      .update(users)
      .set({
        hasStore: true,
        storeCount: sql`${users.storeCount} + 1`,
        activeStoreId: sql`coalesce(${users.activeStoreId}, ${storeId})`,
        updatedAt: now,
      })
      .where(eq(users.id, DEV_CREATOR.id));
    return { storeId, slug: slugCheck.slug, name: options.name.trim(), customDomain, isBioDomain: false };
  });
}

function checkedHost(host: string): string {
  if (!HOST_NAME.test(host)) throw new AppError('invalid-argument', INVALID_DOMAIN_MESSAGE);
  return host;
}

async function insertOrExplain(insert: PromiseLike<unknown>, takenMessage: string): Promise<void> {
  try {
    await insert;
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', takenMessage);
    throw error;
  }
}
