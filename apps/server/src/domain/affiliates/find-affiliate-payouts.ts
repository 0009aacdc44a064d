import { AFFILIATE_LIMITS, type AffiliatePayout } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliatePayouts, affiliates, customers } from '#src/db/schema/index.ts';

type PayoutRow = typeof affiliatePayouts.$inferSelect;

export function toAffiliatePayout(row: PayoutRow, affiliateName: string): AffiliatePayout {
  return {
    id: row.id,
    affiliateId: row.affiliateId,
    affiliateName,
    amountCents: row.amountCents,
    currency: row.currency,
    commissionCount: row.commissionCount,
    method: row.method,
    note: row.note,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The store's payouts (or one affiliate's), newest first, at most AFFILIATE_LIMITS.listMax. */
export async function findAffiliatePayouts(db: Executor, options: { storeId: string; affiliateId?: string | undefined }): Promise<AffiliatePayout[]> {
  const p = affiliatePayouts;
  const rows = await db
    .select({ payout: p, affiliateName: customers.name })
    .from(p)
    .innerJoin(affiliates, eq(affiliates.id, p.affiliateId))
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(and(eq(p.storeId, options.storeId), options.affiliateId ? eq(p.affiliateId, options.affiliateId) : undefined))
    .orderBy(desc(p.createdAt), desc(p.id))
    .limit(AFFILIATE_LIMITS.listMax);
  return rows.map(({ payout, affiliateName }) => toAffiliatePayout(payout, affiliateName));
}
