// Exports readFxRates, saveFxRates: one module because they are the two sides of the fx_rates
// table, which holds one rate set at a time.
import type { Database } from '#src/db/client.ts';
import { fxRates } from '#src/db/schema/index.ts';
import type { FxRateTable } from './fx-rate-table.ts';

/** The stored rate set, or null when the daily job has never written one. */
export async function readFxRates(db: Database): Promise<FxRateTable | null> {
  const rows = await db.select().from(fxRates);
  const first = rows[0];
  if (!first) return null;
  // One set at a time (saveFxRates replaces it whole), so every row shares these.
  return {
    base: first.base,
    asOf: first.asOf,
    approximate: first.source === 'bundled',
    rates: new Map(rows.filter((row) => row.base === first.base).map((row) => [row.currency, row.rate])),
  };
}

/** Replaces the stored set with `table`, in one transaction, so readers see the old set or the new. */
export async function saveFxRates(db: Database, table: FxRateTable, options: { now: Date }): Promise<void> {
  const source = table.approximate ? 'bundled' : 'fetched';
  const rows = [...table.rates].map(([currency, rate]) => ({ base: table.base, currency, rate, asOf: table.asOf, source, fetchedAt: options.now }));
  await db.transaction(async (tx) => {
    await tx.delete(fxRates);
    if (rows.length > 0) await tx.insert(fxRates).values(rows);
  });
}
