import { toMajorUnits } from '@shopfront/core';
import { stringify } from 'csv-stringify/sync';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { affiliateCommissions, affiliates, customers } from '#src/db/schema/index.ts';
import { neutraliseCell } from '#src/domain/customers/customers-csv.ts';
import { commissionStatusSql } from './commission-state.ts';
import { readAffiliateProgram } from './read-program.ts';

export const AFFILIATE_PAYOUT_CSV_COLUMNS = ['name', 'email', 'code', 'currency', 'payable', 'commissions'] as const;

/**
 * The creator's payout run: one row per affiliate and currency with a payable balance (removed
 * affiliates included: they are owed what they earned), the amount in major units. Call after
 * the owner check.
 */
export async function affiliatePayoutsCsv(db: Executor, options: { storeId: string; now: Date }): Promise<string> {
  const program = await readAffiliateProgram(db, options.storeId);
  const c = affiliateCommissions;
  const rows = await db
    .select({
      name: customers.name,
      email: customers.email,
      code: affiliates.code,
      currency: c.currency,
      payableCents: sql<string>`sum(${c.amountCents} - ${c.reversedCents})`,
      count: sql<number>`count(*)::int`,
    })
    .from(c)
    .innerJoin(affiliates, eq(affiliates.id, c.affiliateId))
    .innerJoin(customers, eq(customers.id, affiliates.customerId))
    .where(and(eq(c.storeId, options.storeId), sql`${commissionStatusSql(options.now, program.testClockOffsetSeconds)} = 'payable'`))
    .groupBy(affiliates.id, affiliates.code, customers.name, customers.email, c.currency)
    .orderBy(asc(customers.name), asc(customers.email), asc(c.currency));
  const cells = rows.map((row) => [
    neutraliseCell(row.name),
    neutraliseCell(row.email),
    neutraliseCell(row.code),
    row.currency,
    toMajorUnits(Number(row.payableCents), row.currency),
    String(row.count),
  ]);
  return stringify(cells, { header: true, columns: [...AFFILIATE_PAYOUT_CSV_COLUMNS] });
}
