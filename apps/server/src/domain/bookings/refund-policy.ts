// Exports policyRefundCents and refundTiersOf: what a buyer's cancellation refunds under the call's policy.
import type { RefundTiers } from '@shopfront/core';
import type { CallSettingsRow, OrderRow } from '#src/db/schema/index.ts';

const HOUR = 3_600_000;

type Policy = Pick<CallSettingsRow, 'refundOnCancel' | 'refundFullHours' | 'refundPartialPercent' | 'refundNoneHours'>;

/** The tiers of a `tiered` policy as the contract names them (null for full or none). */
export function refundTiersOf(policy: Policy): RefundTiers | null {
  if (policy.refundOnCancel !== 'tiered' || policy.refundFullHours === null || policy.refundPartialPercent === null || policy.refundNoneHours === null) return null;
  return { fullHours: policy.refundFullHours, partialPercent: policy.refundPartialPercent, noneHours: policy.refundNoneHours };
}

/**
 * What the buyer gets back for cancelling at `now` a call that starts at `startsAt`: `full`, all
 * that remains of the order; `none`, nothing; `tiered`, all that remains from `fullHours` before
 * the start or earlier (that moment included), `partialPercent` % of the payment (rounded down to
 * the cent, at most what remains) from then until `noneHours` before (included), and nothing
 * closer to the start.
 */
export function policyRefundCents(policy: Policy, order: Pick<OrderRow, 'amountCents' | 'refundedCents'>, startsAt: Date, now: Date): number {
  const remaining = Math.max(0, order.amountCents - order.refundedCents);
  if (policy.refundOnCancel === 'full') return remaining;
  const tiers = refundTiersOf(policy);
  if (!tiers) return 0;
  const before = startsAt.getTime() - now.getTime();
  if (before >= tiers.fullHours * HOUR) return remaining;
  if (before >= tiers.noneHours * HOUR) return Math.min(remaining, Math.floor((order.amountCents * tiers.partialPercent) / 100));
  return 0;
}
