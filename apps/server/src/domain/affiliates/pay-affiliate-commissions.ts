import { AFFILIATE_MESSAGES, AppError, ID_PREFIXES, type AffiliatePayout } from '@shopfront/core';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { affiliateCommissions, affiliatePayouts, customers } from '#src/db/schema/index.ts';
import { commissionStatusSql } from './commission-state.ts';
import { toAffiliatePayout } from './find-affiliate-payouts.ts';
import { getStoreAffiliate } from './get-store-affiliate.ts';
import { readAffiliateProgram } from './read-program.ts';

/**
 * Marks every payable commission of the affiliate paid: one manual payout per currency. The
 * affiliate row and then the commissions are locked, so two clicks at once make one payout (the
 * second finds nothing payable). A removed affiliate is still paid what they earned.
 */
export async function payAffiliateCommissions(
  db: Database,
  options: { storeId: string; affiliateId: string; note: string; paidBy: string; now: Date },
): Promise<AffiliatePayout[]> {
  const { now } = options;
  return db.transaction(async (tx) => {
    const affiliate = await getStoreAffiliate(tx, { storeId: options.storeId, affiliateId: options.affiliateId, lock: true });
    const program = await readAffiliateProgram(tx, options.storeId);
    const c = affiliateCommissions;
    const payable = await tx
      .select({ id: c.id, currency: c.currency, netCents: sql<number>`${c.amountCents} - ${c.reversedCents}` })
      .from(c)
      .where(and(eq(c.storeId, options.storeId), eq(c.affiliateId, affiliate.id), sql`${commissionStatusSql(now, program.testClockOffsetSeconds)} = 'payable'`))
      .orderBy(asc(c.createdAt), asc(c.id))
      .for('update');
    if (payable.length === 0) throw new AppError('failed-precondition', AFFILIATE_MESSAGES.nothingPayable);
    const [customer] = await tx.select({ name: customers.name }).from(customers).where(eq(customers.id, affiliate.customerId));

    const byCurrency = new Map<string, typeof payable>();
    for (const row of payable) byCurrency.set(row.currency, [...(byCurrency.get(row.currency) ?? []), row]);
    const payouts: AffiliatePayout[] = [];
    for (const [currency, rows] of [...byCurrency].sort(([a], [b]) => a.localeCompare(b))) {
      const [payout] = await tx
        .insert(affiliatePayouts)
        .values({
          id: newId(ID_PREFIXES.affiliatePayout),
          storeId: options.storeId,
          affiliateId: affiliate.id,
          amountCents: rows.reduce((sum, row) => sum + Number(row.netCents), 0),
          currency,
          commissionCount: rows.length,
          method: 'manual',
          note: options.note,
          createdBy: options.paidBy,
          createdAt: now,
        })
        .returning();
      await tx
        .update(c)
        .set({ payoutId: payout!.id, updatedAt: now })
        .where(inArray(c.id, rows.map((row) => row.id)));
      payouts.push(toAffiliatePayout(payout!, customer?.name ?? ''));
    }
    return payouts;
  });
}
