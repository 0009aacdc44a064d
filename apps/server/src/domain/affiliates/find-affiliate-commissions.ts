import { AFFILIATE_LIMITS, type AffiliateCommission } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateCommissions, affiliates, customers, orders } from '#src/db/schema/index.ts';
import { commissionStatus } from './commission-state.ts';

/** The store's commissions (or one affiliate's), newest first, at most AFFILIATE_LIMITS.listMax, each in its state now. */
export async function findAffiliateCommissions(
  db: Executor,
  options: { storeId: string; affiliateId?: string | undefined; now: Date; testClockOffsetSeconds: number },
): Promise<AffiliateCommission[]> {
  const c = affiliateCommissions;
  const rows = await db
    .select({ commission: c, productTitle: orders.productTitle, affiliateName: customers.name })
    .from(c)
    .innerJoin(orders, eq(orders.id, c.orderId))
    .innerJoin(affiliates, eq(affiliates.id, c.affiliateId))
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(and(eq(c.storeId, options.storeId), options.affiliateId ? eq(c.affiliateId, options.affiliateId) : undefined))
    .orderBy(desc(c.createdAt), desc(c.id))
    .limit(AFFILIATE_LIMITS.listMax);
  return rows.map(({ commission, productTitle, affiliateName }) => ({
    id: commission.id,
    affiliateId: commission.affiliateId,
    affiliateName,
    orderId: commission.orderId,
    productTitle,
    currency: commission.currency,
    baseCents: commission.baseCents,
    amountCents: commission.amountCents,
    reversedCents: commission.reversedCents,
    netCents: Math.max(0, commission.amountCents - commission.reversedCents),
    status: commissionStatus(commission, options.now, options.testClockOffsetSeconds),
    testMode: commission.testMode,
    holdUntil: commission.holdUntil.toISOString(),
    payoutId: commission.payoutId,
    createdAt: commission.createdAt.toISOString(),
  }));
}
