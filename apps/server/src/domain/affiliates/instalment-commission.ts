// Exports insertInstalmentCommission and reverseInstalmentCommissions: the commissions of a payment plan's later instalments (decision 047).
import { ID_PREFIXES } from '@shopfront/core';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateCommissions, affiliates } from '#src/db/schema/index.ts';
import { readAffiliateProgram } from './read-program.ts';

/**
 * A paid later instalment of a credited order earns a commission of its own, in the charge's
 * transaction: the order's rate (its commission over what the order was) on the instalment's
 * amount, rounded down, held for the program's holding period from the charge. Unique on the
 * order and the charge, so a replayed charge adds none. Nothing when the order earned no
 * commission, the program is off or the affiliate is no longer active (the ledger's rules).
 */
export async function insertInstalmentCommission(
  tx: Transaction,
  options: { orderId: string; charge: { id: string; storeId: string; amountCents: number; currency: string }; testMode: boolean; now: Date },
): Promise<void> {
  const { charge } = options;
  if (charge.amountCents <= 0) return;
  const [order] = await tx
    .select({ affiliateId: affiliateCommissions.affiliateId, baseCents: affiliateCommissions.baseCents, amountCents: affiliateCommissions.amountCents, status: affiliates.status })
    .from(affiliateCommissions)
    .innerJoin(affiliates, eq(affiliates.id, affiliateCommissions.affiliateId))
    .where(and(eq(affiliateCommissions.orderId, options.orderId), isNull(affiliateCommissions.planChargeId)));
  if (!order || order.baseCents <= 0 || order.status !== 'active') return;
  const program = await readAffiliateProgram(tx, charge.storeId);
  if (!program.enabled) return;
  await tx
    .insert(affiliateCommissions)
    .values({
      id: newId(ID_PREFIXES.affiliateCommission),
      storeId: charge.storeId,
      affiliateId: order.affiliateId,
      orderId: options.orderId,
      planChargeId: charge.id,
      currency: charge.currency,
      baseCents: charge.amountCents,
      amountCents: Math.floor((charge.amountCents * order.amountCents) / order.baseCents),
      testMode: options.testMode,
      holdUntil: new Date(options.now.getTime() + program.holdingDays * 86_400_000),
      createdAt: options.now,
      updatedAt: options.now,
    })
    .onConflictDoNothing({ target: [affiliateCommissions.orderId, affiliateCommissions.planChargeId] });
}

/**
 * A refunded instalment takes its whole commission back, in the refund's transaction, as a full
 * refund does an order's (reverseCommission). One already paid out is left as it is (no clawback).
 */
export async function reverseInstalmentCommissions(tx: Transaction, options: { chargeIds: string[]; now: Date }): Promise<void> {
  if (options.chargeIds.length === 0) return;
  await tx
    .update(affiliateCommissions)
    .set({ reversedCents: sql`${affiliateCommissions.amountCents}`, updatedAt: options.now })
    .where(and(inArray(affiliateCommissions.planChargeId, options.chargeIds), isNull(affiliateCommissions.payoutId)));
}
