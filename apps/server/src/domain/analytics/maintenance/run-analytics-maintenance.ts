import { lt } from 'drizzle-orm';
import { dropExpiredAnalyticsPartitions, ensureAnalyticsPartitions, retentionCutoff } from '#src/analytics/partitions.ts';
import type { Database } from '#src/db/client.ts';
import { analyticsVisits } from '#src/db/schema/index.ts';
import { deleteEndedSalts } from '../ingest/day-salts.ts';

export interface AnalyticsMaintenance {
  created: string[];
  dropped: string[];
  visitsDeleted: number;
  saltsDeleted: number;
}

/**
 * Storage upkeep (docs/analytics.md "Partitions and retention"), at start and every hour: the
 * expired monthly partitions and visits go (older than ANALYTICS_RETENTION_MONTHS), the partitions
 * of this month and the next two exist, and the salts of days that have ended everywhere are
 * deleted. Rollups are kept: they hold no visitor.
 */
export async function runAnalyticsMaintenance(db: Database, options: { now: Date; retentionMonths: number }): Promise<AnalyticsMaintenance> {
  const { now, retentionMonths } = options;
  const dropped = await dropExpiredAnalyticsPartitions(db, now, retentionMonths);
  const created = await ensureAnalyticsPartitions(db, now);
  const cutoffDay = retentionCutoff(now, retentionMonths).toISOString().slice(0, 10);
  const visits = await db.delete(analyticsVisits).where(lt(analyticsVisits.localDay, cutoffDay)).returning({ day: analyticsVisits.localDay });
  const saltsDeleted = await deleteEndedSalts(db, now);
  return { created, dropped, visitsDeleted: visits.length, saltsDeleted };
}
