import { AppError, TEST_CLOCK_MESSAGES } from '@shopfront/core';
import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';
import { storeTestClockView } from './store-test-clock-view.ts';

export const advanceStoreTestClock: Handler<'advanceStoreTestClock'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  // Test-mode objects exist only where the built-in test provider takes payments.
  if (!ctx.env.payments.testProviderEnabled) throw new AppError('failed-precondition', TEST_CLOCK_MESSAGES.unavailable);
  await advanceTestClock(ctx.db, { storeId: store.id, seconds: input.minutes * 60, now: ctx.now() });
  return storeTestClockView(ctx.db, { storeId: store.id, available: true, now: ctx.now() });
};
