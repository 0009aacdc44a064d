import type { StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { storeDrafts } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { parseStoredProfile } from './store-profile.ts';

export interface StoreDraftRecord {
  profile: StoreProfile;
  updatedAt: Date;
}

/**
 * Spec store-previews: the store's unpublished draft, or null when there is none. Call only after
 * the caller's ownership was checked (getOwnedStore): drafts are the owner's eyes only.
 */
export async function getStoreDraft(db: Executor, storeId: string): Promise<StoreProfile | null> {
  return (await getStoreDraftRecord(db, storeId))?.profile ?? null;
}

export async function getStoreDraftRecord(db: Executor, storeId: string): Promise<StoreDraftRecord | null> {
  const [row] = await db
    .select({ data: storeDrafts.data, updatedAt: storeDrafts.updatedAt })
    .from(storeDrafts)
    .where(eq(storeDrafts.storeId, storeId))
    .limit(1);
  if (!row) return null;
  const profile = parseStoredProfile(row.data);
  return profile ? { profile, updatedAt: row.updatedAt } : null;
}
