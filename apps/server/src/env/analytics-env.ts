import { z } from 'zod';

/**
 * Privacy-first analytics (docs/analytics.md). ANALYTICS_ENABLED=false records nothing at all
 * (the bench's "no ingest" baseline); the beacon limits are per fixed minute, counted in PostgreSQL
 * across every server.
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const ANALYTICS_ENV_SHAPE = {
  ANALYTICS_ENABLED: unsetIfEmpty(z.enum(['true', 'false'])),
  /** Months of raw events and visits kept (default 25: this month and last year's, compared). */
  ANALYTICS_RETENTION_MONTHS: unsetIfEmpty(z.coerce.number().int().min(1).max(120)),
  /** Beacon events one client address may send per minute (default 60). */
  ANALYTICS_LIMIT_PER_IP_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(10_000_000)),
  /** Beacon events one store may receive per minute, every visitor together (default 6000). */
  ANALYTICS_LIMIT_PER_STORE_PER_MINUTE: unsetIfEmpty(z.coerce.number().int().min(1).max(100_000_000)),
};

export type AnalyticsEnv = z.output<z.ZodObject<typeof ANALYTICS_ENV_SHAPE>>;

export interface AnalyticsConfig {
  enabled: boolean;
  retentionMonths: number;
  beaconLimits: { perIpPerMinute: number; perStorePerMinute: number };
}

export const ANALYTICS_DEFAULTS = Object.freeze({ retentionMonths: 25, perIpPerMinute: 60, perStorePerMinute: 6_000 });

export function analyticsConfigFromEnv(raw: AnalyticsEnv): AnalyticsConfig {
  return {
    enabled: raw.ANALYTICS_ENABLED !== 'false',
    retentionMonths: raw.ANALYTICS_RETENTION_MONTHS ?? ANALYTICS_DEFAULTS.retentionMonths,
    beaconLimits: {
      perIpPerMinute: raw.ANALYTICS_LIMIT_PER_IP_PER_MINUTE ?? ANALYTICS_DEFAULTS.perIpPerMinute,
      perStorePerMinute: raw.ANALYTICS_LIMIT_PER_STORE_PER_MINUTE ?? ANALYTICS_DEFAULTS.perStorePerMinute,
    },
  };
}
