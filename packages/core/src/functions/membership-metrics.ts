import { z } from 'zod';
import { AnalyticsPeriodInputSchema, AnalyticsRangeSchema } from './analytics.ts';
import { defineFunction } from './define.ts';

/**
 * A store's recurring revenue and members over a dashboard period (docs/memberships.md
 * "Metrics"). Money in minor units of the store's currency; rates are 0–1, or null when there was
 * nobody to measure.
 */
export const MembershipMetricsSchema = z.object({
  /** Whether the store has any membership product; the screens show nothing otherwise. */
  hasMemberships: z.boolean(),
  currency: z.string(),
  range: AnalyticsRangeSchema,
  /** Now: what active and past-due members pay per month (a yearly price counts a twelfth). */
  mrrCents: z.number().int(),
  /** Now: trialing, active and past-due members (paused and ended ones are not). */
  activeMembers: z.number().int(),
  trialingMembers: z.number().int(),
  /** Joined during the period. */
  newMembers: z.number().int(),
  /** Of the members at the period's start, how many ended during it. */
  churn: z.object({ atStart: z.number().int(), ended: z.number().int(), rate: z.number().nullable() }),
  /** Trials that ended during the period, and how many of them were then paid for. */
  trialConversion: z.object({ trialsEnded: z.number().int(), converted: z.number().int(), rate: z.number().nullable() }),
});
export type MembershipMetrics = z.infer<typeof MembershipMetricsSchema>;

export const getMembershipMetrics = defineFunction({
  name: 'getMembershipMetrics',
  access: 'creator',
  input: AnalyticsPeriodInputSchema,
  output: MembershipMetricsSchema,
});
