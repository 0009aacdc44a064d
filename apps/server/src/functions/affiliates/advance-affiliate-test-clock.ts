import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { affiliateProgramView } from '#src/domain/affiliates/affiliate-program-view.ts';
import { moveTestClock } from '#src/domain/affiliates/move-test-clock.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const advanceAffiliateTestClock: Handler<'advanceAffiliateTestClock'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  // Test-mode commissions exist only where the built-in test provider takes payments.
  if (!ctx.env.payments.testProviderEnabled) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.testClockUnavailable);
  await moveTestClock(ctx.db, { storeId: store.id, days: input.days, now: ctx.now() });
  return affiliateProgramView(ctx.db, { store, env: ctx.env });
};
