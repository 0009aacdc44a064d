import { getCheckoutStatus as readStatus } from '#src/domain/checkout/get-checkout-status.ts';
import type { Handler } from '../types.ts';

export const getCheckoutStatus: Handler<'getCheckoutStatus'> = (input, ctx) => readStatus(ctx.db, input.checkoutId, ctx.now());
