// Exports maturityClock, commissionStatus and commissionStatusSql: one module because they are the one rule of a commission's state, in TS and SQL.
import type { AffiliateCommissionStatus } from '@shopfront/core';
import { sql, type SQL } from 'drizzle-orm';
import { affiliateCommissions } from '#src/db/schema/index.ts';

/** The fields a commission's state is read from. */
export interface CommissionStateFields {
  amountCents: number;
  reversedCents: number;
  payoutId: string | null;
  holdUntil: Date;
  testMode: boolean;
}

/**
 * The "now" a commission matures by: the wall clock, plus the store's test clock for test-mode
 * commissions only (a real payment never becomes payable early).
 */
export function maturityClock(now: Date, testMode: boolean, testClockOffsetSeconds: number): Date {
  return testMode ? new Date(now.getTime() + testClockOffsetSeconds * 1000) : now;
}

/** cancelled (nothing left after refunds) › paid (in a payout) › payable (held long enough) › pending. */
export function commissionStatus(row: CommissionStateFields, now: Date, testClockOffsetSeconds: number): AffiliateCommissionStatus {
  if (row.amountCents - row.reversedCents <= 0) return 'cancelled';
  if (row.payoutId !== null) return 'paid';
  return row.holdUntil.getTime() <= maturityClock(now, row.testMode, testClockOffsetSeconds).getTime() ? 'payable' : 'pending';
}

/**
 * The same rule in SQL, for sums and for picking what a payout settles. `offsetSeconds` is the
 * store's test clock (an SQL expression or a number).
 */
export function commissionStatusSql(now: Date, offsetSeconds: SQL | number): SQL<AffiliateCommissionStatus> {
  const c = affiliateCommissions;
  return sql<AffiliateCommissionStatus>`case
    when ${c.amountCents} - ${c.reversedCents} <= 0 then 'cancelled'
    when ${c.payoutId} is not null then 'paid'
    when ${c.holdUntil} <= ${now}::timestamptz + case when ${c.testMode} then make_interval(secs => ${offsetSeconds}) else interval '0' end then 'payable'
    else 'pending' end`;
}
