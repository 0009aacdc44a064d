import { declineDownsell as decline } from '#src/domain/checkout/upsell/decline-upsell.ts';
import type { Handler } from '../types.ts';

export const declineDownsell: Handler<'declineDownsell'> = async (input, ctx) => ({ upsell: await decline({ db: ctx.db, now: ctx.now() }, input) });
