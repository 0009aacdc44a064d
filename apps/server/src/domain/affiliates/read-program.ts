// Exports readAffiliateProgram and its ProgramTerms type: one module because the type is what the read answers.
import { AFFILIATE_DEFAULTS, type AffiliateJoinMode } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliatePrograms } from '#src/db/schema/index.ts';
import { readTestClockOffsetMs } from '../test-clock/read-test-clock.ts';

/** A store's program terms; the defaults (off) when it never saved one. */
export interface ProgramTerms {
  storeId: string;
  enabled: boolean;
  commissionPercent: number;
  windowDays: number;
  holdingDays: number;
  joinMode: AffiliateJoinMode;
  /** The store's test clock (decision 035), which test-mode commissions mature by. */
  testClockOffsetSeconds: number;
}

export async function readAffiliateProgram(db: Executor, storeId: string): Promise<ProgramTerms> {
  const [row] = await db.select().from(affiliatePrograms).where(eq(affiliatePrograms.storeId, storeId));
  const testClockOffsetSeconds = (await readTestClockOffsetMs(db, storeId)) / 1000;
  if (!row) return { storeId, ...AFFILIATE_DEFAULTS, testClockOffsetSeconds };
  return {
    storeId,
    enabled: row.enabled,
    commissionPercent: row.commissionPercent,
    windowDays: row.windowDays,
    holdingDays: row.holdingDays,
    joinMode: row.joinMode,
    testClockOffsetSeconds,
  };
}
