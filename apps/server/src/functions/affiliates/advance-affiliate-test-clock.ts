import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { affiliateProgramView, SECONDS_PER_DAY } from '#src/domain/affiliates/affiliate-program-view.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { assertFeatureEnabled } from '../assert-feature-enabled.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const advanceAffiliateTestClock: Handler<'advanceAffiliateTestClock'> = async (input, ctx) => {
  await assertFeatureEnabled(ctx, 'affiliateProgram');
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  // Test-mode commissions exist only where the built-in test provider takes payments.
  if (!ctx.env.payments.testProviderEnabled) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.testClockUnavailable);
  // The store's one test clock (decision 035): commissions mature by it, as everything test-mode does.
  await advanceTestClock(ctx.db, { storeId: store.id, seconds: input.days * SECONDS_PER_DAY, now: ctx.now() });
  return affiliateProgramView(ctx.db, { store, env: ctx.env });
};
