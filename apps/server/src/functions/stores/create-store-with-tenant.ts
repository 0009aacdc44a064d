import { createStore } from '#src/domain/stores/create-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Spec §7: the owner, `isFirstStore` and `domain` are the server's. */
export const createStoreWithTenant: Handler<'createStoreWithTenant'> = async (input, ctx) =>
  createStore({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), now: ctx.now(), featureFlags: await ctx.featureFlags.read(), ...input });
