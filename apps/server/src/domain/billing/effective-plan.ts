import type { PlanId } from '@shopfront/core';
import { isPlanId } from '@shopfront/core';
import type { SubscriptionRow } from '#src/db/schema/index.ts';

/**
 * The plan a subscription gives: its own while active, or while past due within the grace
 * period; free once cancelled or the grace period has ended.
 */
export function effectivePlan(row: Pick<SubscriptionRow, 'planId' | 'status' | 'graceUntil'> | null, now: Date): PlanId {
  if (!row || !isPlanId(row.planId)) return 'free';
  if (row.status === 'active') return row.planId;
  if (row.status === 'past_due' && row.graceUntil && row.graceUntil > now) return row.planId;
  return 'free';
}
