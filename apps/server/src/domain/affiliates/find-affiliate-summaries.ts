import type { AffiliateSummary } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliates, customers, type StoreRow } from '#src/db/schema/index.ts';
import { affiliateStats, emptyAffiliateStats } from './affiliate-stats.ts';
import { readAffiliateProgram } from './read-program.ts';

/** The dashboard's table rows: every affiliate of the store (or one), newest first, money in the store's currency. */
export async function findAffiliateSummaries(
  db: Executor,
  options: { store: Pick<StoreRow, 'id' | 'currency'>; now: Date; affiliateId?: string | undefined },
): Promise<AffiliateSummary[]> {
  const { store } = options;
  const program = await readAffiliateProgram(db, store.id);
  const rows = await db
    .select({ affiliate: affiliates, name: customers.name, email: customers.email })
    .from(affiliates)
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(and(eq(affiliates.storeId, store.id), options.affiliateId ? eq(affiliates.id, options.affiliateId) : undefined))
    .orderBy(desc(affiliates.createdAt), desc(affiliates.id));
  const stats = await affiliateStats(db, {
    storeId: store.id,
    currency: store.currency,
    now: options.now,
    testClockOffsetSeconds: program.testClockOffsetSeconds,
    affiliateId: options.affiliateId,
  });
  return rows.map(({ affiliate, name, email }) => {
    const { earnings, ...counts } = stats.get(affiliate.id) ?? emptyAffiliateStats();
    const money = earnings.find((entry) => entry.currency === store.currency);
    return {
      id: affiliate.id,
      customerId: affiliate.customerId,
      name,
      email,
      code: affiliate.code,
      status: affiliate.status,
      invited: affiliate.invited,
      createdAt: affiliate.createdAt.toISOString(),
      stats: counts,
      currency: store.currency,
      owedCents: (money?.pendingCents ?? 0) + (money?.payableCents ?? 0),
      payableCents: money?.payableCents ?? 0,
      paidCents: money?.paidCents ?? 0,
    };
  });
}
