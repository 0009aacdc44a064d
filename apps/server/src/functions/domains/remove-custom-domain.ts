import { removeCustomDomain as removeInDb } from '#src/domain/domains/remove-custom-domain.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const removeCustomDomain: Handler<'removeCustomDomain'> = async (input, ctx) => {
  await removeInDb({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), storeId: input.storeId, domain: input.domain, now: ctx.now() });
  return { removed: true as const };
};
