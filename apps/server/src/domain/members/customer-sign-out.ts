import type { Database } from '#src/db/client.ts';
import { revokeSession } from '#src/identity/sessions.ts';
import { findMemberStore } from './member-store.ts';

/** Ends this store's customer session named by the token (only in the store's realm: a creator's token is left alone). */
export async function customerSignOut(db: Database, options: { storeId: string; token: string | null }): Promise<void> {
  if (!options.token) return;
  const realm = await findMemberStore(db, options.storeId);
  if (realm) await revokeSession(db, options.token, realm.tenantId);
}
