import type { AffiliateEarnings } from '@shopfront/core';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateCommissions, affiliateSignups, affiliateVisits, orders, paymentPlanCharges } from '#src/db/schema/index.ts';
import { commissionStatusSql } from './commission-state.ts';

export interface AffiliateStats {
  visits: number;
  signups: number;
  /** Commissions not cancelled. */
  sales: number;
  /** What those buyers paid net of refunds, in the store's currency. */
  revenueCents: number;
  /** Per currency, the store's first. */
  earnings: AffiliateEarnings[];
}

export interface AffiliateStatsOptions {
  storeId: string;
  /** The store's currency: revenue counts its orders only. */
  currency: string;
  now: Date;
  testClockOffsetSeconds: number;
  /** One affiliate only; every affiliate of the store without it. */
  affiliateId?: string | undefined;
}

export function emptyAffiliateStats(): AffiliateStats {
  return { visits: 0, signups: 0, sales: 0, revenueCents: 0, earnings: [] };
}

/**
 * Visits, signups, sales, revenue and earnings of a store's affiliates, in three grouped queries
 * (visits, signups, commissions by affiliate × currency × state) whatever the number of affiliates.
 */
export async function affiliateStats(db: Executor, options: AffiliateStatsOptions): Promise<Map<string, AffiliateStats>> {
  const result = new Map<string, AffiliateStats>();
  const of = (affiliateId: string) => result.get(affiliateId) ?? result.set(affiliateId, emptyAffiliateStats()).get(affiliateId)!;

  const v = affiliateVisits;
  const visits = await db
    .select({ affiliateId: v.affiliateId, count: sql<number>`count(*)::int` })
    .from(v)
    .where(and(eq(v.storeId, options.storeId), eq(v.outcome, 'counted'), isNotNull(v.affiliateId), options.affiliateId ? eq(v.affiliateId, options.affiliateId) : undefined))
    .groupBy(v.affiliateId);
  for (const row of visits) if (row.affiliateId) of(row.affiliateId).visits = row.count;

  const s = affiliateSignups;
  const signups = await db
    .select({ affiliateId: s.affiliateId, count: sql<number>`count(*)::int` })
    .from(s)
    .where(and(eq(s.storeId, options.storeId), options.affiliateId ? eq(s.affiliateId, options.affiliateId) : undefined))
    .groupBy(s.affiliateId);
  for (const row of signups) of(row.affiliateId).signups = row.count;

  for (const row of await commissionTotals(db, options)) {
    const stats = of(row.affiliateId);
    if (row.status === 'cancelled') continue;
    stats.sales += row.count;
    if (row.currency === options.currency) stats.revenueCents += Number(row.orderNetCents);
    let earnings = stats.earnings.find((entry) => entry.currency === row.currency);
    if (!earnings) {
      earnings = { currency: row.currency, pendingCents: 0, payableCents: 0, paidCents: 0 };
      stats.earnings.push(earnings);
    }
    earnings[`${row.status}Cents`] += Number(row.netCents);
  }
  for (const stats of result.values()) stats.earnings.sort((a, b) => rank(a.currency, options.currency) - rank(b.currency, options.currency) || a.currency.localeCompare(b.currency));
  return result;
}

const rank = (currency: string, storeCurrency: string) => (currency === storeCurrency ? 0 : 1);

function commissionTotals(db: Executor, options: AffiliateStatsOptions) {
  const c = affiliateCommissions;
  const rows = db
    .select({
      affiliateId: c.affiliateId,
      currency: c.currency,
      status: commissionStatusSql(options.now, options.testClockOffsetSeconds).as('status'),
      netCents: sql<number>`${c.amountCents} - ${c.reversedCents}`.as('net_cents'),
      // A payment plan's later instalment adds its amount (none once refunded) to the revenue, not a sale.
      sale: sql<number>`(${c.planChargeId} is null)::int`.as('sale'),
      orderNetCents: sql<number>`case when ${c.planChargeId} is null then ${orders.amountCents} - ${orders.refundedCents}
        when ${paymentPlanCharges.status} = 'paid' then ${paymentPlanCharges.amountCents} else 0 end`.as('order_net_cents'),
    })
    .from(c)
    .innerJoin(orders, eq(orders.id, c.orderId))
    .leftJoin(paymentPlanCharges, eq(paymentPlanCharges.id, c.planChargeId))
    .where(and(eq(c.storeId, options.storeId), options.affiliateId ? eq(c.affiliateId, options.affiliateId) : undefined))
    .as('rows');
  return db
    .select({
      affiliateId: rows.affiliateId,
      currency: rows.currency,
      status: rows.status,
      count: sql<number>`sum(${rows.sale})::int`,
      netCents: sql<string>`sum(${rows.netCents})`,
      orderNetCents: sql<string>`sum(${rows.orderNetCents})`,
    })
    .from(rows)
    .groupBy(rows.affiliateId, rows.currency, rows.status);
}
