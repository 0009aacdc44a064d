import { getStoreDomains as getInDb } from '#src/domain/domains/get-store-domains.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getStoreDomains: Handler<'getStoreDomains'> = async (input, ctx) =>
  getInDb({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), storeId: input.storeId, featureFlags: await ctx.featureFlags.read() });
