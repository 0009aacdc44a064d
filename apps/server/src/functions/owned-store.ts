import type { KeptAnswerStore, StoreRow } from '#src/db/schema/index.ts';
import { getOwnedStore, storeNotFound } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from './auth/creator-id.ts';
import type { FunctionContext } from './types.ts';

/**
 * The store `storeId` names if the calling creator owns it (SECURITY "Tenancy": someone else's
 * store answers exactly like one that does not exist). The callable endpoint read it with the
 * session when the call's data names it (http/callable/resolve-caller.ts), so a dashboard call
 * makes one round trip for both; otherwise, or when only its key was read, the row is read here.
 * Never for a write that must lock the row: use getOwnedStore with `lock` inside its transaction.
 */
export async function ownedStore(ctx: FunctionContext, storeId: string): Promise<StoreRow> {
  const read = readWithSession(ctx, storeId);
  if (read?.columns === 'row') return read.row;
  return getOwnedStore(ctx.db, { storeId, userId: creatorId(ctx) });
}

/** The store's key (id, owner, time zone) if the calling creator owns it: what a kept answer is filed under. */
export async function ownedStoreKey(ctx: FunctionContext, storeId: string): Promise<KeptAnswerStore> {
  return readWithSession(ctx, storeId)?.row ?? getOwnedStore(ctx.db, { storeId, userId: creatorId(ctx) });
}

/**
 * What the session's statement read of this store, if it read it for this creator: undefined when
 * it read another store or none; a store it found not owned is "not found" without another query.
 */
function readWithSession(ctx: FunctionContext, storeId: string): { columns: 'row'; row: StoreRow } | { columns: 'key'; row: KeptAnswerStore } | undefined {
  const userId = creatorId(ctx);
  const read = ctx.caller?.kind === 'creator' ? ctx.caller.ownedStore : undefined;
  if (read?.storeId !== storeId) return undefined;
  if (read.row === null) throw storeNotFound();
  if (read.row.creatorId !== userId) return undefined;
  return read.columns === 'row' ? { columns: 'row', row: read.row } : { columns: 'key', row: read.row };
}
