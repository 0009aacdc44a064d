import { setPlanPrice as setPrice } from '#src/domain/billing/set-plan-price.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** Admin only (the contract's access, with MFA): audited with the prices before and after. */
export const setPlanPrice: Handler<'setPlanPrice'> = async (input, ctx) => {
  const price = await setPrice(ctx.db, { ...input, actorId: creatorId(ctx), now: ctx.now() });
  return { price: { ...price, updatedAt: price.updatedAt?.toISOString() ?? null } };
};
