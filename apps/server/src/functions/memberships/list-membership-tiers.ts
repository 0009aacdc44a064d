import { findTierViews } from '#src/domain/memberships/creator/tier-view.ts';
import { getOwnedMembershipProduct } from '#src/domain/memberships/creator/owned-membership.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listMembershipTiers: Handler<'listMembershipTiers'> = async (input, ctx) => {
  const { product } = await getOwnedMembershipProduct(ctx.db, { ...input, userId: creatorId(ctx) });
  return { tiers: await findTierViews(ctx.db, product.id), currency: product.currency };
};
