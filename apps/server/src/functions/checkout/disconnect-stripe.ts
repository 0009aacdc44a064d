import { getPaymentSettings as readSettings } from '#src/domain/checkout/payment-settings.ts';
import { disconnectStripe as disconnectInDb } from '#src/domain/checkout/stripe-connect.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const disconnectStripe: Handler<'disconnectStripe'> = async (input, ctx) => {
  const userId = creatorId(ctx);
  await disconnectInDb(ctx.db, ctx.env, { userId, storeId: input.storeId, log: ctx.log });
  return readSettings(ctx.db, ctx.env, { userId, storeId: input.storeId });
};
