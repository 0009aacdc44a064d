import { startStripeConnect as startInDb } from '#src/domain/checkout/stripe-connect.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const startStripeConnect: Handler<'startStripeConnect'> = (input, ctx) =>
  startInDb(ctx.db, ctx.env, { userId: creatorId(ctx), storeId: input.storeId, now: ctx.now() });
