// Exports automationsOnMembershipEvent: the membership triggers, called where a membership event is applied.
import type { AutomationTriggerKind } from '@shopfront/core';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { automationRuns, automations, type MembershipRow } from '#src/db/schema/index.ts';
import type { MembershipEvent } from '#src/domain/memberships/apply-membership-event.ts';
import { stopRun } from './run-state.ts';
import { startRuns } from './start-runs.ts';

/**
 * Called by recordMembershipEvent for each applied event, in its transaction, after the row
 * changed (a replayed event id never gets here, and each start is keyed, so nothing starts twice):
 * - `created` starts "membership started" (once per membership);
 * - `cancel_scheduled`, or `ended` without a scheduled cancellation (ended now, or after the last
 *   failed retry), starts "membership cancelled", once per cancellation; `cancel_undone` stops
 *   those runs (the member stays);
 * - `payment_failed` starts "payment failed" once per unpaid period (retries of the period start
 *   nothing more); `recovered` and `ended` stop those runs (nothing is left to pay).
 * Runs of test-provider memberships follow the store's test clock (decision 035).
 */
export async function automationsOnMembershipEvent(tx: Executor, event: MembershipEvent, before: MembershipRow | null, after: MembershipRow, now: Date): Promise<void> {
  // Most stores have no automation: one indexed look on every membership event.
  const [any] = await tx.select({ id: automations.id }).from(automations).where(eq(automations.storeId, after.storeId)).limit(1);
  if (!any) return;
  const prefix = `membership:${after.id}`;
  const start = (kind: AutomationTriggerKind, key: string) =>
    startRuns(tx, { storeId: after.storeId, customerId: after.customerId, productIds: [after.productId], clock: after.provider === 'test' ? 'test' : 'real', kind, key });
  const cancellation = `${prefix}:cancelled:${event.provider}:${event.eventId}`;
  switch (event.type) {
    case 'created':
      await start('membership-started', `${prefix}:started`);
      return;
    case 'cancel_scheduled':
      await start('membership-cancelled', cancellation);
      return;
    case 'cancel_undone':
      await stopMembershipRuns(tx, after, { kind: 'membership-cancelled', keyPrefix: `${prefix}:cancelled:`, reason: 'cancellation undone', now });
      return;
    case 'payment_failed':
      await start('membership-payment-failed', `${prefix}:payment-failed:${after.currentPeriodEnd.toISOString()}`);
      return;
    case 'recovered':
      await stopMembershipRuns(tx, after, { kind: 'membership-payment-failed', keyPrefix: `${prefix}:payment-failed:`, reason: 'payment recovered', now });
      return;
    case 'ended':
      await stopMembershipRuns(tx, after, { kind: 'membership-payment-failed', keyPrefix: `${prefix}:payment-failed:`, reason: 'membership ended', now });
      if (!before?.cancelAtPeriodEnd) await start('membership-cancelled', cancellation);
      return;
    default:
      return;
  }
}

async function stopMembershipRuns(
  tx: Executor,
  membership: MembershipRow,
  options: { kind: AutomationTriggerKind; keyPrefix: string; reason: string; now: Date },
): Promise<void> {
  const flows = tx
    .select({ id: automations.id })
    .from(automations)
    .where(and(eq(automations.storeId, membership.storeId), eq(automations.triggerKind, options.kind)));
  const active = await tx
    .select({ id: automationRuns.id })
    .from(automationRuns)
    .where(
      and(
        inArray(automationRuns.automationId, flows),
        eq(automationRuns.customerId, membership.customerId),
        eq(automationRuns.status, 'active'),
        sql`starts_with(${automationRuns.triggerKey}, ${options.keyPrefix})`,
      ),
    );
  for (const run of active) await stopRun(tx, { runId: run.id, reason: options.reason, now: options.now });
}
