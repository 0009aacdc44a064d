import { addCustomDomain as addInDb } from '#src/domain/domains/add-custom-domain.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const addCustomDomain: Handler<'addCustomDomain'> = async (input, ctx) =>
  addInDb({
    db: ctx.db,
    env: ctx.env,
    userId: creatorId(ctx),
    storeId: input.storeId,
    domain: input.domain,
    featureFlags: await ctx.featureFlags.read(),
    now: ctx.now(),
  });
