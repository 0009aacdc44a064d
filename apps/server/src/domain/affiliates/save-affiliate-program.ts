import type { AffiliateJoinMode } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { affiliatePrograms } from '#src/db/schema/index.ts';

export interface AffiliateProgramTerms {
  enabled: boolean;
  commissionPercent: number;
  windowDays: number;
  holdingDays: number;
  joinMode: AffiliateJoinMode;
}

/** Writes the store's terms (the row is created on first save); the test clock is left as it is. */
export async function saveAffiliateProgram(db: Executor, options: { storeId: string; terms: AffiliateProgramTerms; now: Date }): Promise<void> {
  const { enabled, commissionPercent, windowDays, holdingDays, joinMode } = options.terms;
  const terms = { enabled, commissionPercent, windowDays, holdingDays, joinMode };
  await db
    .insert(affiliatePrograms)
    .values({ storeId: options.storeId, ...terms, createdAt: options.now, updatedAt: options.now })
    .onConflictDoUpdate({ target: affiliatePrograms.storeId, set: { ...terms, updatedAt: options.now } });
}
