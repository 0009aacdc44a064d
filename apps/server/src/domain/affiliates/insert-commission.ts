import { ID_PREFIXES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateCommissions, affiliateProductRates, orderItems } from '#src/db/schema/index.ts';
import { orderCommission } from './commission-math.ts';
import type { ProgramTerms } from './read-program.ts';

/**
 * The one commission of a credited paid order (decision 032): each of the order's lines at its
 * product's own percent or the program's default, rounded down per line; held for the program's
 * holding period from the sale. `ON CONFLICT DO NOTHING` on the order: a replay adds none.
 */
export async function insertCommission(
  tx: Transaction,
  options: {
    order: { id: string; storeId: string; amountCents: number; currency: string };
    affiliateId: string;
    program: ProgramTerms;
    testMode: boolean;
    now: Date;
  },
): Promise<void> {
  const { order, program } = options;
  if (order.amountCents <= 0) return;
  const lines = await tx
    .select({ amountCents: orderItems.amountCents, percent: affiliateProductRates.commissionPercent })
    .from(orderItems)
    .leftJoin(affiliateProductRates, and(eq(affiliateProductRates.productId, orderItems.productId), eq(affiliateProductRates.storeId, orderItems.storeId)))
    .where(eq(orderItems.orderId, order.id))
    .orderBy(orderItems.position);
  const amountCents = orderCommission(lines.map((line) => ({ amountCents: line.amountCents, percent: line.percent ?? program.commissionPercent })));
  await tx
    .insert(affiliateCommissions)
    .values({
      id: newId(ID_PREFIXES.affiliateCommission),
      storeId: order.storeId,
      affiliateId: options.affiliateId,
      orderId: order.id,
      currency: order.currency,
      baseCents: order.amountCents,
      amountCents,
      testMode: options.testMode,
      holdUntil: new Date(options.now.getTime() + program.holdingDays * 86_400_000),
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing({ target: [affiliateCommissions.orderId, affiliateCommissions.planChargeId] });
}
