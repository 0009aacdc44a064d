// Exports readTestClockOffsetMs and testClockNow: the one read of a store's test clock, in two shapes.
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { storeTestClocks } from '#src/db/schema/index.ts';

/**
 * How far the store's test clock is ahead of real time, in milliseconds (0 when never moved).
 * Only test-mode objects (paid with the built-in test provider) live on it (decision 035).
 */
export async function readTestClockOffsetMs(db: Executor, storeId: string): Promise<number> {
  const [row] = await db.select({ offsetSeconds: storeTestClocks.offsetSeconds }).from(storeTestClocks).where(eq(storeTestClocks.storeId, storeId));
  return (row?.offsetSeconds ?? 0) * 1000;
}

/** The store's test-clock time at real time `now`: what "now" is for its test-mode objects. */
export async function testClockNow(db: Executor, options: { storeId: string; now: Date }): Promise<Date> {
  return new Date(options.now.getTime() + (await readTestClockOffsetMs(db, options.storeId)));
}
