import { changePlan as change } from '#src/domain/billing/change-plan.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const changePlan: Handler<'changePlan'> = (input, ctx) =>
  change(
    { db: ctx.db, env: ctx.env, now: ctx.now() },
    { userId: creatorId(ctx), planId: input.planId, interval: input.interval, keepStoreIds: input.keepStoreIds },
  );
