import { updatePaymentSettings as writeSettings } from '#src/domain/checkout/payment-settings.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const updatePaymentSettings: Handler<'updatePaymentSettings'> = (input, ctx) =>
  writeSettings(ctx.db, ctx.env, { userId: creatorId(ctx), storeId: input.storeId, currency: input.currency, now: ctx.now() });
