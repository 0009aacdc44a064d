import { setStoreAbuseState } from '#src/domain/admin/set-store-abuse-state.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Takes a store offline for abuse; its owner sees the reason. */
export const unpublishStoreForAbuse: Handler<'unpublishStoreForAbuse'> = (input, ctx) =>
  setStoreAbuseState({ db: ctx.db, storeId: input.storeId, unpublished: true, actorId: adminCallerId(ctx), reason: input.reason, now: ctx.now() });
