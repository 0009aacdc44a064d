// Exports lineCommission, orderCommission and commissionAfterRefunds: one module because they are the one rounding rule of commissions.
/**
 * Commission arithmetic, in integer minor units of the order's currency, whatever its number of
 * decimals (JPY 0, USD 2, KWD 3): percentages of integers, rounded down to the minor unit, so the
 * affiliate is never credited a fraction the store cannot pay. Every intermediate product stays
 * far below 2^53 (amounts are at most 99,999,999 and percents at most 90).
 */

/** One order line (the product and, when ticked, the order bump) with its commission percent. */
export interface CommissionLine {
  amountCents: number;
  percent: number;
}

/** The commission of one line: ⌊amount × percent ÷ 100⌋. */
export function lineCommission(line: CommissionLine): number {
  assertMinorUnits(line.amountCents);
  if (!Number.isInteger(line.percent) || line.percent < 0 || line.percent > 100) throw new RangeError(`bad percent ${line.percent}`);
  return Math.floor((line.amountCents * line.percent) / 100);
}

/** The commission of an order: each line at its own percent, rounded down line by line. */
export function orderCommission(lines: readonly CommissionLine[]): number {
  return lines.reduce((sum, line) => sum + lineCommission(line), 0);
}

/**
 * What remains of a commission once `refundedCents` of the order's `orderCents` were refunded:
 * ⌊commission × (order − refunded) ÷ order⌋. A full refund leaves 0; no refund leaves all of it;
 * a partial refund leaves its proportion, rounded down.
 */
export function commissionAfterRefunds(commissionCents: number, orderCents: number, refundedCents: number): number {
  assertMinorUnits(commissionCents);
  assertMinorUnits(orderCents);
  assertMinorUnits(refundedCents);
  if (orderCents === 0) return 0;
  const kept = Math.max(0, orderCents - refundedCents);
  return Math.floor((commissionCents * kept) / orderCents);
}

function assertMinorUnits(value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a count of minor units: ${value}`);
}
