import type { Database } from '#src/db/client.ts';
import type { Logger } from '#src/logger.ts';
import { bundledFxRates, type FxRateTable } from './fx-rate-table.ts';
import { readFxRates } from './fx-rates-store.ts';

/** Rates change once a day; each server reads them at most this often. */
export const FX_RATES_CACHE_MS = 5 * 60 * 1000;

export interface FxRatesReader {
  /** The stored rates, or the bundled table when none are stored or the database fails. */
  current(): Promise<FxRateTable>;
}

/**
 * The rates the currency endpoint converts with, cached in memory for FX_RATES_CACHE_MS so a busy
 * storefront does not read the table on every visitor's first page.
 */
export function createFxRatesReader(options: { db: Database; now: () => Date; log: Pick<Logger, 'warn'>; cacheMs?: number }): FxRatesReader {
  const cacheMs = options.cacheMs ?? FX_RATES_CACHE_MS;
  let cached: { table: FxRateTable; until: number } | null = null;
  let loading: Promise<FxRateTable> | null = null;

  const load = async (): Promise<FxRateTable> => {
    try {
      const table = (await readFxRates(options.db)) ?? bundledFxRates();
      cached = { table, until: options.now().getTime() + cacheMs };
      return table;
    } catch (error) {
      options.log.warn({ err: error }, 'could not read the exchange rates; using the bundled ones');
      return cached?.table ?? bundledFxRates();
    } finally {
      loading = null;
    }
  };

  return {
    current() {
      if (cached && options.now().getTime() < cached.until) return Promise.resolve(cached.table);
      loading ??= load();
      return loading;
    },
  };
}
