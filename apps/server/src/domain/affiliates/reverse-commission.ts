import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { affiliateCommissions } from '#src/db/schema/index.ts';
import { commissionAfterRefunds } from './commission-math.ts';

/**
 * A refund's effect on the order's commission, in the refund's transaction (decision 032): an
 * unpaid commission keeps only its share of what was not refunded, so a full refund cancels it.
 * A commission already paid out is left as it is (no clawback). A payment plan's later instalments
 * have their own commissions (instalment-commission.ts). Locked, so a payout and a refund
 * at the same moment run one after the other.
 */
export async function reverseCommission(
  tx: Transaction,
  options: { orderId: string; orderCents: number; refundedCents: number; now: Date },
): Promise<void> {
  const [commission] = await tx.select().from(affiliateCommissions).where(and(eq(affiliateCommissions.orderId, options.orderId), isNull(affiliateCommissions.planChargeId))).for('update');
  if (!commission || commission.payoutId !== null) return;
  const reversed = commission.amountCents - commissionAfterRefunds(commission.amountCents, options.orderCents, options.refundedCents);
  if (reversed <= commission.reversedCents) return;
  await tx
    .update(affiliateCommissions)
    .set({ reversedCents: sql`greatest(${affiliateCommissions.reversedCents}, ${reversed})`, updatedAt: options.now })
    .where(eq(affiliateCommissions.id, commission.id));
}
