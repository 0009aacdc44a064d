import { getMembershipMetrics as getInDb } from '#src/domain/memberships/metrics/get-membership-metrics.ts';
import { ownedStore } from '../owned-store.ts';
import type { Handler } from '../types.ts';

/** getMembershipMetrics: the caller's store (another's answers like a missing one), over the period asked. */
export const getMembershipMetrics: Handler<'getMembershipMetrics'> = async (input, ctx) => {
  const store = await ownedStore(ctx, input.storeId);
  return getInDb(ctx.db, { store, request: input, now: ctx.now() });
};
