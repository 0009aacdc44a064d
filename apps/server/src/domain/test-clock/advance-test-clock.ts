import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { jobs, storeTestClocks } from '#src/db/schema/index.ts';
import { JOBS_CHANNEL } from '#src/jobs/enqueue-job.ts';

/** Five years: far past any hold, delay or renewal period a test needs, and far from overflow. */
export const TEST_CLOCK_MAX_OFFSET_SECONDS = 5 * 366 * 24 * 60 * 60;

/**
 * Moves the store's test clock forward by `seconds` (decision 035), in one transaction (a
 * savepoint inside the caller's): the offset grows, up to TEST_CLOCK_MAX_OFFSET_SECONDS, and every
 * pending job that follows this clock becomes due as much earlier, so what fell due in the skipped
 * time runs now, in order. The job runners are woken at commit. Answers the new offset in seconds.
 */
export async function advanceTestClock(db: Executor, options: { storeId: string; seconds: number; now: Date }): Promise<number> {
  const { storeId, now } = options;
  return db.transaction(async (tx) => {
    await tx.insert(storeTestClocks).values({ storeId, offsetSeconds: 0, updatedAt: now }).onConflictDoNothing();
    const [clock] = await tx.select().from(storeTestClocks).where(eq(storeTestClocks.storeId, storeId)).for('update');
    const before = clock?.offsetSeconds ?? 0;
    const after = Math.min(before + options.seconds, TEST_CLOCK_MAX_OFFSET_SECONDS);
    const moved = after - before;
    if (moved <= 0) return before;
    await tx.update(storeTestClocks).set({ offsetSeconds: after, updatedAt: now }).where(eq(storeTestClocks.storeId, storeId));
    await tx
      .update(jobs)
      .set({ runAt: sql`${jobs.runAt} - make_interval(secs => ${moved})`, updatedAt: now })
      .where(and(eq(jobs.clockStoreId, storeId), eq(jobs.status, 'pending')));
    await tx.execute(sql`select pg_notify(${JOBS_CHANNEL}, 'test-clock')`);
    return after;
  });
}
