import { getOwnedStore } from '#src/domain/stores/get-owned-store.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';
import { storeTestClockView } from './store-test-clock-view.ts';

export const getStoreTestClock: Handler<'getStoreTestClock'> = async (input, ctx) => {
  const store = await getOwnedStore(ctx.db, { storeId: input.storeId, userId: creatorId(ctx) });
  return storeTestClockView(ctx.db, { storeId: store.id, available: ctx.env.payments.testProviderEnabled, now: ctx.now() });
};
