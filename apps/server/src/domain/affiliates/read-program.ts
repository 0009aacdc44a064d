// Exports readAffiliateProgram and its ProgramTerms type: one module because the type is what the read answers.
import { AFFILIATE_DEFAULTS, type AffiliateJoinMode } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliatePrograms } from '#src/db/schema/index.ts';

/** A store's program terms; the defaults (off) when it never saved one. */
export interface ProgramTerms {
  storeId: string;
  enabled: boolean;
  commissionPercent: number;
  windowDays: number;
  holdingDays: number;
  joinMode: AffiliateJoinMode;
  testClockOffsetSeconds: number;
}

export async function readAffiliateProgram(db: Executor, storeId: string): Promise<ProgramTerms> {
  const [row] = await db.select().from(affiliatePrograms).where(eq(affiliatePrograms.storeId, storeId));
  if (!row) return { storeId, ...AFFILIATE_DEFAULTS, testClockOffsetSeconds: 0 };
  return {
    storeId,
    enabled: row.enabled,
    commissionPercent: row.commissionPercent,
    windowDays: row.windowDays,
    holdingDays: row.holdingDays,
    joinMode: row.joinMode,
    testClockOffsetSeconds: row.testClockOffsetSeconds,
  };
}
