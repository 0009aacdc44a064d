import { REGION_MIRROR_STATES, REGION_REPORT_STALE_MS, type RegionMirrorState, type RegionReport } from '@shopfront/core';
import { asc } from 'drizzle-orm';
import { regionStatus } from '#src/db/schema/index.ts';
import type { Handler } from '../types.ts';

const isMirrorState = (value: string): value is RegionMirrorState => (REGION_MIRROR_STATES as readonly string[]).includes(value);

/**
 * The admin home's data regions: each secondary region's server writes its latest mirror
 * measurement into region_status on the primary every second; a report older than 30 s is
 * flagged stale (that server has stopped reporting). A state this build does not know is shown
 * as down, with what was written, rather than failing the whole panel.
 */
export const getRegionStatus: Handler<'getRegionStatus'> = async (_input, ctx) => {
  const now = ctx.now().getTime();
  const rows = await ctx.db.select().from(regionStatus).orderBy(asc(regionStatus.region));
  const regions = rows.map((row): RegionReport => {
    const reported = row.state;
    const known = isMirrorState(reported);
    return {
      region: row.region,
      state: known ? reported : 'down',
      readsFrom: row.readsFrom === 'mirror' ? 'mirror' : 'primary',
      lagMs: row.lagMs,
      lagP50Ms: row.lagP50Ms,
      lagP99Ms: row.lagP99Ms,
      detail: known ? row.detail : `Unrecognised state "${reported}" reported.${row.detail ? ` ${row.detail}` : ''}`,
      checkedAt: row.checkedAt.toISOString(),
      stale: now - row.checkedAt.getTime() > REGION_REPORT_STALE_MS,
    };
  });
  return { primaryRegion: 'us-central', servedFrom: ctx.env.regions.region, maxLagMs: ctx.env.regions.maxLagMs, regions };
};
