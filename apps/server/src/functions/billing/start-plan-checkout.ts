import { startPlanCheckout as start } from '#src/domain/billing/start-plan-checkout.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const startPlanCheckout: Handler<'startPlanCheckout'> = (input, ctx) =>
  start({ db: ctx.db, env: ctx.env, now: ctx.now() }, { userId: creatorId(ctx), planId: input.planId, interval: input.interval });
