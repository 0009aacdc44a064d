// Exports the builder draft lifecycle (loadStoreDraft, saveStoreDraft, publishStoreDraft, discardStoreDraft):
// one module because the steps share the draft row and the store's row lock.
import { AppError, type Store, type StoreDraft, type StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { storeDrafts, stores } from '#src/db/schema/index.ts';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import { getOwnedStore } from './get-owned-store.ts';
import { notifyDraftChanged } from './notify-draft-changed.ts';
import { getTenantIdOfStore } from './find-creator-stores.ts';
import { getStoreDraftRecord } from './get-store-draft.ts';
import { parseStoredProfile, specFieldsFromColors, toStore, toStoreProfile } from './store-profile.ts';

export const NOTHING_TO_PUBLISH_MESSAGE = 'There are no changes to publish.';
export const STALE_DRAFT_MESSAGE = 'This draft can no longer be published. Please review it and save again.';

interface DraftOptions {
  db: Database;
  userId: string;
  storeId: string;
  now: Date;
}

/** The builder's starting point: the draft, or the published profile when there is none. */
export async function loadStoreDraft(options: Omit<DraftOptions, 'now'>): Promise<StoreDraft> {
  const store = await getOwnedStore(options.db, options);
  const draft = await getStoreDraftRecord(options.db, store.id);
  if (draft) return { profile: draft.profile, hasDraft: true, updatedAt: draft.updatedAt.toISOString() };
  return { profile: toStoreProfile(store), hasDraft: false, updatedAt: null };
}

/** Spec store-previews: every edit lands here with the preview flag; visitors see none of it. */
export async function saveStoreDraft(options: DraftOptions & { profile: StoreProfile }): Promise<Date> {
  const { db, now, profile } = options;
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { ...options, lock: true });
    await tx
      .insert(storeDrafts)
      .values({ storeId: store.id, data: profile, isPreview: true, updatedAt: now })
      .onConflictDoUpdate({ target: storeDrafts.storeId, set: { data: profile, isPreview: true, updatedAt: now } });
    await notifyDraftChanged(tx, store.id);
    return now;
  });
}

/** Spec §4: the draft becomes the live store (without the preview flag) and is deleted. */
export async function publishStoreDraft(options: DraftOptions): Promise<Store> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { ...options, lock: true });
    const [draft] = await tx.select().from(storeDrafts).where(eq(storeDrafts.storeId, store.id)).for('update');
    if (!draft) throw new AppError('failed-precondition', NOTHING_TO_PUBLISH_MESSAGE);
    const profile = parseStoredProfile(draft.data);
    if (!profile) throw new AppError('failed-precondition', STALE_DRAFT_MESSAGE);
    await tx
      .update(stores)
      .set({
        name: profile.name,
        description: profile.description,
        avatarUrl: profile.avatarUrl,
        socialLinks: profile.socialLinks,
        links: profile.links,
        theme: profile.theme,
        themeOverrides: profile.themeOverrides,
        productLayout: profile.productLayout,
        ...specFieldsFromColors(profile.themeOverrides.colors),
        publishedAt: now,
        updatedAt: now,
      })
      .where(eq(stores.id, store.id));
    await tx.delete(storeDrafts).where(eq(storeDrafts.storeId, store.id));
    await notifyStorefrontChanged(tx, store.id);
    await notifyDraftChanged(tx, store.id);
    const [published] = await tx.select().from(stores).where(eq(stores.id, store.id));
    return toStore(published!, await getTenantIdOfStore(tx, store.id));
  });
}

export async function discardStoreDraft(options: Omit<DraftOptions, 'now'>): Promise<boolean> {
  return options.db.transaction(async (tx) => {
    const store = await getOwnedStore(tx, { ...options, lock: true });
    const deleted = await tx.delete(storeDrafts).where(eq(storeDrafts.storeId, store.id)).returning({ id: storeDrafts.storeId });
    if (deleted.length > 0) await notifyDraftChanged(tx, store.id);
    return deleted.length > 0;
  });
}
