// Exports getStoreAffiliate and affiliateNotFound: one module because every affiliate id a creator
// sends is checked here, and a foreign id must answer exactly like a missing one.
import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliates } from '#src/db/schema/index.ts';

export type AffiliateRow = typeof affiliates.$inferSelect;

export function affiliateNotFound(): AppError {
  return new AppError('not-found', AFFILIATE_MESSAGES.affiliateNotFound);
}

/** The store's affiliate; another store's answers like a missing one. `lock`: FOR UPDATE, in a transaction. */
export async function getStoreAffiliate(db: Executor, options: { storeId: string; affiliateId: string; lock?: boolean }): Promise<AffiliateRow> {
  const query = db
    .select()
    .from(affiliates)
    .where(and(eq(affiliates.id, options.affiliateId), eq(affiliates.storeId, options.storeId)))
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw affiliateNotFound();
  return row;
}
