import type { SaleNotificationMode } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { getOwnedStore } from '../stores/get-owned-store.ts';

/** getSaleNotifications: the store's setting, if the caller owns the store (else "Store not found"). */
export async function getSaleNotifications(
  db: Executor,
  options: { storeId: string; userId: string },
): Promise<{ saleNotifications: SaleNotificationMode }> {
  const store = await getOwnedStore(db, options);
  return { saleNotifications: store.saleNotifications };
}
