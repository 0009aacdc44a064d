import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores, users } from '#src/db/schema/index.ts';
import { exportStoreMembers, type ExportedMember } from '#src/domain/memberships/export/export-store-members.ts';

export const STORE_EXPORT_FORMAT = 'shopfront-store-export';

/** What `npm run admin -- export-store <slug>` prints (docs/memberships.md "Leaving"). */
export interface StoreExport {
  format: typeof STORE_EXPORT_FORMAT;
  version: 1;
  exportedAt: string;
  store: { id: string; slug: string; name: string; currency: string; ownerEmail: string };
  members: ExportedMember[];
}

/** Which store: by slug for the operator's CLI, or by id for its owner (another creator's answers "not found"). */
export type ExportedStore = { slug: string } | { storeId: string; userId: string };

/**
 * A store's data for a creator who leaves, as one JSON document: the store, and every member of
 * its memberships with the subscription ids that keep billing them from the creator's own Stripe
 * account. An unknown slug, or a store the user does not own, answers "Store not found".
 */
export async function exportStore(db: Database, options: ExportedStore & { now: Date }): Promise<StoreExport> {
  const which: SQL | undefined = 'slug' in options ? eq(stores.slug, options.slug) : and(eq(stores.id, options.storeId), eq(stores.creatorId, options.userId));
  return db.transaction(
    async (tx) => {
      const [found] = await tx.select({ store: stores, ownerEmail: users.email }).from(stores).innerJoin(users, eq(users.id, stores.creatorId)).where(which);
      if (!found) throw new AppError('not-found', MESSAGES.stores.notFound);
      const { store, ownerEmail } = found;
      return {
        format: STORE_EXPORT_FORMAT,
        version: 1,
        exportedAt: options.now.toISOString(),
        store: { id: store.id, slug: store.slug, name: store.name, currency: store.currency, ownerEmail },
        members: await exportStoreMembers(tx, store.id),
      };
    },
    // One snapshot: members and the store as they were at one moment.
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}
