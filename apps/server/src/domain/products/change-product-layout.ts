import type { ProductLayout } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { storeDrafts, stores, type StoreRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { notifyDraftChanged } from '../stores/notify-draft-changed.ts';

type LayoutChange = (layout: ProductLayout) => ProductLayout;

/**
 * Applies one change to the live store's `productLayout` and to the builder draft's, when there is
 * a draft (publishing it must not undo the change). Run it under the store's row lock: the draft
 * is saved under the same lock (domain/stores/store-drafts.ts).
 */
export async function changeProductLayout(db: Executor, store: StoreRow, change: LayoutChange, now: Date): Promise<void> {
  await db.update(stores).set({ productLayout: change(store.productLayout), updatedAt: now }).where(eq(stores.id, store.id));
  const [draft] = await db.select().from(storeDrafts).where(eq(storeDrafts.storeId, store.id)).for('update');
  if (!draft) return;
  const current = draft.data.productLayout as Partial<ProductLayout> | undefined;
  const layout = change({ order: current?.order ?? [], hidden: current?.hidden ?? [] });
  await db
    .update(storeDrafts)
    .set({ data: { ...draft.data, productLayout: layout } })
    .where(eq(storeDrafts.storeId, store.id));
  await notifyDraftChanged(db, store.id);
}

/** A deleted or archived product leaves the storefront order and the hidden list. */
export const withoutProduct =
  (productId: string): LayoutChange =>
  (layout) => ({ order: layout.order.filter((id) => id !== productId), hidden: layout.hidden.filter((id) => id !== productId) });
