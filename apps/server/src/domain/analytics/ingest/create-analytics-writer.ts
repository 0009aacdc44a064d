import type { AnalyticsBatchWriter } from '#src/analytics/analytics-buffer.ts';
import type { Database } from '#src/db/client.ts';
import { createSaltCache } from './day-salts.ts';
import { prepareAnalyticsEvents } from './prepare-analytics-events.ts';
import { writeEncodedEvents } from './write-analytics-events.ts';

/**
 * The buffer's writer (app.ts passes it to analytics/analytics-buffer.ts): prepares a recorded
 * batch (bots and unknown stores discarded, visitors hashed) and writes it in one statement. Keeps the day salts in memory between flushes.
 */
export function createAnalyticsWriter(options: { db: Database; now?: () => Date }): AnalyticsBatchWriter {
  const salts = createSaltCache();
  const now = options.now ?? (() => new Date());
  return async (batch) => {
    const encoded = await prepareAnalyticsEvents(options.db, batch, salts, now());
    return writeEncodedEvents(options.db, encoded);
  };
}
