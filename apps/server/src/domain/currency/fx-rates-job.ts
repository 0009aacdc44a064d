// Exports the daily exchange-rate job (FX_RATES_KIND, scheduleFxRates, createFxRatesJob): one
// module like domain/analytics/maintenance/analytics-maintenance-job.ts.
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { JobHandler } from '#src/jobs/types.ts';
import { fetchFxRates } from './fetch-fx-rates.ts';
import { bundledFxRates, type FxRateTable } from './fx-rate-table.ts';
import { saveFxRates } from './fx-rates-store.ts';

export const FX_RATES_KIND = 'fx-rates';
const HOUR_MS = 60 * 60 * 1000;

/**
 * One run a day, keyed by the UTC day. Called with the hourly jobs (at start and every hour), so a
 * server started today fetches within the hour, and the first hourly call of each day queues that
 * day's run for the next hour.
 */
export function scheduleFxRates(db: Executor, now: Date) {
  const nextHour = (Math.floor(now.getTime() / HOUR_MS) + 1) * HOUR_MS;
  return enqueueJob(db, FX_RATES_KIND, {}, { idempotencyKey: now.toISOString().slice(0, 10), runAt: new Date(nextHour) });
}

export interface FxRatesJobOptions {
  db: Database;
  /** env.currency.fxRatesUrl; null: store the bundled approximate table. */
  url: string | null;
  /** Test seam: a shorter fetch timeout. */
  timeoutMs?: number;
}

/**
 * Fetches FX_RATES_URL and replaces the stored rates; when the fetch fails or is refused, keeps
 * the rates already stored and logs a warning (the job still completes: tomorrow's run tries
 * again). Without a URL it stores the bundled table, which the storefront marks approximate.
 */
export function createFxRatesJob(options: FxRatesJobOptions): JobHandler {
  const { db, url } = options;
  return {
    kind: FX_RATES_KIND,
    async run(_job, ctx) {
      const now = ctx.now();
      if (url === null) {
        await saveFxRates(db, bundledFxRates(), { now });
        ctx.log.info({ source: 'bundled' }, 'exchange rates set from the bundled approximate table');
        return;
      }
      let table: FxRateTable;
      try {
        table = await fetchFxRates(url, { today: now, ...(options.timeoutMs ? { timeoutMs: options.timeoutMs } : {}) });
      } catch (error) {
        // The origin only: a rate source's URL often carries an API key.
        ctx.log.warn({ reason: (error as Error).message, source: new URL(url).origin }, 'exchange rates not updated; the last ones stay');
        return;
      }
      await saveFxRates(db, table, { now });
      ctx.log.info({ source: 'fetched', base: table.base, asOf: table.asOf, count: table.rates.size }, 'exchange rates fetched');
    },
  };
}
