import { completeStripeConnect as completeInDb } from '#src/domain/checkout/stripe-connect.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const completeStripeConnect: Handler<'completeStripeConnect'> = (input, ctx) =>
  completeInDb(ctx.db, ctx.env, { userId: creatorId(ctx), code: input.code, state: input.state, now: ctx.now(), log: ctx.log });
