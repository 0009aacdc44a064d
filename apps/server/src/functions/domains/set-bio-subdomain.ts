import { setBioSubdomain as setInDb } from '#src/domain/domains/set-bio-subdomain.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const setBioSubdomain: Handler<'setBioSubdomain'> = async (input, ctx) => ({
  bioDomain: await setInDb({ db: ctx.db, env: ctx.env, userId: creatorId(ctx), storeId: input.storeId, name: input.name, now: ctx.now() }),
});
