import type { AnalyticsBatchWriter } from '#src/analytics/analytics-buffer.ts';
import type { Database } from '#src/db/client.ts';
import { createSaltCache } from './day-salts.ts';
import { prepareAnalyticsEvents } from './prepare-analytics-events.ts';
import { writeAnalyticsEvents } from './write-analytics-events.ts';

/**
 * The buffer's writer (app.ts passes it to analytics/analytics-buffer.ts): prepares a batch of
 * recorded tuples (bots and unknown stores discarded, visitors hashed) and writes it in one
 * transaction. Keeps the day salts in memory between flushes.
 */
export function createAnalyticsWriter(options: { db: Database; now?: () => Date }): AnalyticsBatchWriter {
  const salts = createSaltCache();
  const now = options.now ?? (() => new Date());
  return async (events) => {
    const rows = await prepareAnalyticsEvents(options.db, events, salts, now());
    return writeAnalyticsEvents(options.db, rows);
  };
}
