import type { SaleNotificationMode } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { stores } from '#src/db/schema/index.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';

/** updateSaleNotifications: visitors see nothing of it, so the storefront caches stay. */
export async function updateSaleNotifications(
  db: Database,
  options: { storeId: string; userId: string; saleNotifications: SaleNotificationMode; now: Date },
): Promise<{ saleNotifications: SaleNotificationMode }> {
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { ...options, lock: true });
    await tx.update(stores).set({ saleNotifications: options.saleNotifications, updatedAt: options.now }).where(eq(stores.id, store.id));
    return { saleNotifications: options.saleNotifications };
  });
}
