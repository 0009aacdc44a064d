import { AppError, MESSAGES, validateSlug } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { isUniqueViolation } from '#src/db/errors.ts';
import { bioDomains } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';

export const BIO_DISABLED_MESSAGE = 'Bio subdomains are not enabled on this platform.';
export const BIO_TAKEN_MESSAGE = 'This name is already taken. Please choose another.';

/**
 * Spec §2 bio subdomains `{name}.{BIO_DOMAIN}`: one per store, one store per name. The name
 * follows the slug rules (spec §5), reserved words included. `null` removes it.
 */
export async function setBioSubdomain(options: {
  db: Database;
  env: Pick<Env, 'bioDomain'>;
  userId: string;
  storeId: string;
  name: string | null;
  now: Date;
}): Promise<string | null> {
  const { db, now } = options;
  const base = options.env.bioDomain;
  if (!base) throw new AppError('failed-precondition', BIO_DISABLED_MESSAGE);
  const fullDomain = options.name === null ? null : `${checkedName(options.name)}.${base}`;
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    await tx.delete(bioDomains).where(eq(bioDomains.storeId, store.id));
    if (fullDomain) {
      try {
        await tx.insert(bioDomains).values({ fullDomain, storeId: store.id, createdAt: now });
      } catch (error) {
        if (isUniqueViolation(error)) throw new AppError('already-exists', BIO_TAKEN_MESSAGE);
        throw error;
      }
    }
    await notifyStorefrontChanged(tx, store.id);
    return fullDomain;
  });
}

function checkedName(name: string): string {
  const check = validateSlug(name.trim());
  if (check.valid) return check.slug;
  if (check.reason === 'reserved') throw new AppError('already-exists', BIO_TAKEN_MESSAGE);
  throw new AppError('invalid-argument', MESSAGES.slug.invalidFormat);
}
