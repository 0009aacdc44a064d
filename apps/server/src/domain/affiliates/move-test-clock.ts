import { AFFILIATE_DEFAULTS } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliatePrograms } from '#src/db/schema/index.ts';
import { SECONDS_PER_DAY } from './affiliate-program-view.ts';

/** The column is a 32-bit integer: the clock stops there (about 68 years ahead) rather than fail. */
const MAX_OFFSET_SECONDS = 2_147_483_647;

/** Moves the store's test clock forward by whole days; a store without a saved program gets one with the defaults. */
export async function moveTestClock(db: Executor, options: { storeId: string; days: number; now: Date }): Promise<void> {
  const seconds = options.days * SECONDS_PER_DAY;
  const { enabled, commissionPercent, windowDays, holdingDays, joinMode } = AFFILIATE_DEFAULTS;
  await db
    .insert(affiliatePrograms)
    .values({ storeId: options.storeId, enabled, commissionPercent, windowDays, holdingDays, joinMode, testClockOffsetSeconds: seconds, createdAt: options.now, updatedAt: options.now })
    .onConflictDoUpdate({
      target: affiliatePrograms.storeId,
      set: {
        testClockOffsetSeconds: sql`least(${affiliatePrograms.testClockOffsetSeconds}::bigint + ${seconds}, ${MAX_OFFSET_SECONDS})`,
        updatedAt: options.now,
      },
    });
}
