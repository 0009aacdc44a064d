import type { StoreTestClock } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';

/** What getStoreTestClock and advanceStoreTestClock answer. */
export async function storeTestClockView(db: Executor, options: { storeId: string; available: boolean; now: Date }): Promise<StoreTestClock> {
  const offsetMs = await readTestClockOffsetMs(db, options.storeId);
  return { available: options.available, offsetSeconds: offsetMs / 1000, now: new Date(options.now.getTime() + offsetMs).toISOString() };
}
