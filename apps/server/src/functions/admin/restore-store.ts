import { setStoreAbuseState } from '#src/domain/admin/set-store-abuse-state.ts';
import type { Handler } from '../types.ts';
import { adminCallerId } from './admin-caller-id.ts';

/** Brings back a store unpublished for abuse. */
export const restoreStore: Handler<'restoreStore'> = (input, ctx) =>
  setStoreAbuseState({ db: ctx.db, storeId: input.storeId, unpublished: false, actorId: adminCallerId(ctx), reason: input.reason, now: ctx.now() });
