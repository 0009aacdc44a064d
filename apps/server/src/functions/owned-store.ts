import type { StoreRow } from '#src/db/schema/index.ts';
import { getOwnedStore, storeNotFound } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from './auth/creator-id.ts';
import type { FunctionContext } from './types.ts';

/**
 * The store `storeId` names if the calling creator owns it (SECURITY "Tenancy": someone else's
 * store answers exactly like one that does not exist). The callable endpoint read it with the
 * session when the call's data names it (http/callable/resolve-caller.ts), so a dashboard call
 * makes one round trip for both; otherwise it is read here. Never for a write that must lock the
 * row: use getOwnedStore with `lock` inside its transaction.
 */
export async function ownedStore(ctx: FunctionContext, storeId: string): Promise<StoreRow> {
  const userId = creatorId(ctx);
  const read = ctx.caller?.kind === 'creator' ? ctx.caller.ownedStore : undefined;
  if (read?.storeId === storeId && (read.row === null || read.row.creatorId === userId)) {
    if (!read.row) throw storeNotFound();
    return read.row;
  }
  return getOwnedStore(ctx.db, { storeId, userId });
}
