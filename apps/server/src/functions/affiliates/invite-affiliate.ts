import { createAffiliateInvite } from '#src/domain/affiliates/create-affiliate-invite.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const inviteAffiliate: Handler<'inviteAffiliate'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const userId = creatorId(ctx);
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId });
  // EmailSchema already made the address canonical (NFKC, trimmed, lower-case), as customers.email is.
  return { invite: await createAffiliateInvite(ctx.db, { store, creatorId: userId, email: input.email, env: ctx.env, now: ctx.now() }) };
};
