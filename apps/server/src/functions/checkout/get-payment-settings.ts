import { getPaymentSettings as readSettings } from '#src/domain/checkout/payment-settings.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getPaymentSettings: Handler<'getPaymentSettings'> = (input, ctx) =>
  readSettings(ctx.db, ctx.env, { userId: creatorId(ctx), storeId: input.storeId });
