import { getCheckoutStatus as readStatus } from '#src/domain/checkout/get-checkout-status.ts';
import type { Handler } from '../types.ts';

export const getCheckoutStatus: Handler<'getCheckoutStatus'> = (input, ctx) => readStatus(ctx.db, { env: ctx.env, checkoutId: input.checkoutId, now: ctx.now() });
