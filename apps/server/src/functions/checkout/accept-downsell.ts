import { acceptDownsell as accept } from '#src/domain/checkout/upsell/accept-upsell.ts';
import type { Handler } from '../types.ts';

export const acceptDownsell: Handler<'acceptDownsell'> = async (input, ctx) => ({
  upsell: await accept({ db: ctx.db, env: ctx.env, now: ctx.now(), log: ctx.log }, input),
});
