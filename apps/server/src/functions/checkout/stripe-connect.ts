import { getPaymentSettings as readSettings } from '#src/domain/checkout/payment-settings.ts';
import {
  completeStripeConnect as completeInDb,
  disconnectStripe as disconnectInDb,
  startStripeConnect as startInDb,
} from '#src/domain/checkout/stripe-connect.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const startStripeConnect: Handler<'startStripeConnect'> = (input, ctx) =>
  startInDb(ctx.db, ctx.env, { userId: creatorId(ctx), storeId: input.storeId, now: ctx.now() });

export const completeStripeConnect: Handler<'completeStripeConnect'> = (input, ctx) =>
  completeInDb(ctx.db, ctx.env, { userId: creatorId(ctx), code: input.code, state: input.state, now: ctx.now(), log: ctx.log });

export const disconnectStripe: Handler<'disconnectStripe'> = async (input, ctx) => {
  const userId = creatorId(ctx);
  await disconnectInDb(ctx.db, ctx.env, { userId, storeId: input.storeId, log: ctx.log });
  return readSettings(ctx.db, ctx.env, { userId, storeId: input.storeId });
};
