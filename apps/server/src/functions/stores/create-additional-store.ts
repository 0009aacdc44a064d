import { createStore } from '#src/domain/stores/create-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Spec §7 createAdditionalStore: the same rules as the first store (plan limit, unique slug). */
export const createAdditionalStore: Handler<'createAdditionalStore'> = async (input, ctx) =>
  createStore({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), now: ctx.now(), featureFlags: await ctx.featureFlags.read(), ...input });
