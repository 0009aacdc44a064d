import { AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { customDomains, stores } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';
import { canonicalCustomDomain, DOMAIN_NOT_FOUND_MESSAGE } from './custom-domain-rules.ts';

/**
 * Disconnects a custom domain: the storefront stops answering on it at once (cache dropped).
 * Allowed with the `customDomains` flag off too, so a creator can always take a domain down.
 */
export async function removeCustomDomain(options: {
  db: Database;
  env: Pick<Env, 'productHosts' | 'publicUrl' | 'bioDomain'>;
  userId: string;
  storeId: string;
  domain: string;
  now: Date;
}): Promise<void> {
  const { db, now } = options;
  const domain = canonicalCustomDomain(options.domain, options.env);
  await db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { storeId: options.storeId, userId: options.userId, lock: true });
    const removed = await tx
      .delete(customDomains)
      .where(and(eq(customDomains.domain, domain), eq(customDomains.storeId, store.id)))
      .returning({ domain: customDomains.domain });
    if (removed.length === 0) throw new AppError('not-found', DOMAIN_NOT_FOUND_MESSAGE);
    if (store.customDomain === domain) {
      await tx.update(stores).set({ customDomain: null, updatedAt: now }).where(eq(stores.id, store.id));
    }
    await notifyStorefrontChanged(tx, store.id);
  });
}
