import { BILLING_GRACE_DAYS, isPlanId, type PlanId } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { processedWebhookEvents, subscriptions, users, type SubscriptionRow } from '#src/db/schema/index.ts';
import { applyStoreLimit } from './apply-store-limit.ts';
import { effectivePlan } from './effective-plan.ts';

export type SubscriptionStatus = SubscriptionRow['status'];

/**
 * One subscription event, as Stripe's webhook and the test provider both describe it. `createdAt`
 * is when the provider created the event: it orders events that arrive out of order.
 */
export interface SubscriptionEvent {
  eventId: string;
  provider: 'stripe' | 'test';
  type: 'subscription.updated' | 'subscription.deleted' | 'invoice.paid' | 'invoice.payment_failed';
  createdAt: Date;
  /** From the subscription's metadata; else found through `subscriptionId`. */
  userId: string | null;
  subscriptionId: string;
  customerId?: string | null;
  itemId?: string | null;
  planId?: string | null;
  interval?: 'month' | 'year' | null;
  status?: SubscriptionStatus | null;
  priceCents?: number | null;
  currentPeriodEnd?: Date | null;
}

export type SubscriptionEventOutcome = 'applied' | 'replay' | 'stale' | 'ignored';

const DAY_MS = 24 * 60 * 60 * 1000;
const live = (status: SubscriptionStatus) => status === 'active' || status === 'past_due';

/**
 * The only way a plan changes (besides an admin's `setUserPlan`): a verified provider event.
 * In one transaction, under a lock on the user's row:
 *  - each event id is processed once (processed_webhook_events);
 *  - an event older than the last one applied to the same subscription changes nothing, and a
 *    cancelled subscription never comes back (Stripe never reactivates one), so a replayed or
 *    late `active` cannot raise a plan that was cancelled;
 *  - the user's plan becomes the subscription's while it is active or within its grace period,
 *    else free, and their stores are put within that plan's limit.
 */
export async function applySubscriptionEvent(db: Database, event: SubscriptionEvent, now: Date): Promise<SubscriptionEventOutcome> {
  return db.transaction(async (tx) => {
    const recorded = await tx
      .insert(processedWebhookEvents)
      .values({
        eventId: event.eventId,
        provider: event.provider,
        type: event.type,
        payload: { subscriptionId: event.subscriptionId, planId: event.planId ?? null, status: event.status ?? null },
        processedAt: now,
      })
      .onConflictDoNothing()
      .returning({ eventId: processedWebhookEvents.eventId });
    if (recorded.length === 0) return 'replay';

    const userId = event.userId ?? (await ownerOf(tx, event.subscriptionId));
    if (!userId) return 'ignored';
    const [user] = await tx.select({ id: users.id, planId: users.planId }).from(users).where(eq(users.id, userId)).for('update');
    if (!user) return 'ignored';
    const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));

    const next = nextState(row ?? null, event);
    if (next === 'stale' || next === 'ignored') return next;

    const values = { ...next, lastEventAt: laterOf(row?.lastEventAt ?? null, event.createdAt), lastEventId: event.eventId, updatedAt: now };
    if (row) await tx.update(subscriptions).set(values).where(eq(subscriptions.userId, userId));
    else await tx.insert(subscriptions).values({ userId, createdAt: now, ...values });

    const planId = effectivePlan(values, now);
    const pendingPlanId = row?.pendingPlanId === planId || !live(values.status) ? null : (row?.pendingPlanId ?? null);
    await tx.update(subscriptions).set({ pendingPlanId }).where(eq(subscriptions.userId, userId));
    if (user.planId !== planId) await tx.update(users).set({ planId, updatedAt: now }).where(eq(users.id, userId));
    await applyStoreLimit(tx, { userId, planId, keptStoreIds: row?.keptStoreIds ?? [] });
    return 'applied';
  });
}

type NextState = Omit<typeof subscriptions.$inferInsert, 'userId' | 'createdAt' | 'updatedAt' | 'lastEventAt' | 'lastEventId'> & {
  status: SubscriptionStatus;
  planId: string;
  graceUntil: Date | null;
};

function nextState(row: SubscriptionRow | null, event: SubscriptionEvent): NextState | 'stale' | 'ignored' {
  const same = row !== null && row.providerSubscriptionId === event.subscriptionId;
  if (same && row.status === 'canceled') return 'stale';
  if (same && row.lastEventAt && event.createdAt < row.lastEventAt) return 'stale';
  if (row && !same) {
    // Another subscription is on file: a live one is replaced only by a newer subscription event.
    const replaces =
      event.type === 'subscription.updated' &&
      (!live(row.status) || !row.lastEventAt || event.createdAt >= row.lastEventAt);
    if (!replaces) return 'ignored';
  }
  const current = same ? row : null;

  switch (event.type) {
    case 'subscription.updated': {
      if (!isPlanId(event.planId) || !event.interval || !event.status) return 'ignored';
      const status = event.status;
      return {
        provider: event.provider,
        providerCustomerId: event.customerId ?? current?.providerCustomerId ?? null,
        providerSubscriptionId: event.subscriptionId,
        providerItemId: event.itemId ?? current?.providerItemId ?? null,
        planId: event.planId satisfies PlanId,
        interval: event.interval,
        status,
        priceCents: event.priceCents ?? current?.priceCents ?? 0,
        currentPeriodEnd: event.currentPeriodEnd ?? current?.currentPeriodEnd ?? null,
        graceUntil: status === 'past_due' ? (current?.graceUntil ?? graceFrom(event.createdAt)) : null,
      };
    }
    case 'subscription.deleted':
      if (!current) return 'ignored';
      return { ...stateOf(current), status: 'canceled', graceUntil: null };
    case 'invoice.paid':
      if (!current) return 'ignored';
      return { ...stateOf(current), status: 'active', graceUntil: null };
    case 'invoice.payment_failed':
      if (!current) return 'ignored';
      return { ...stateOf(current), status: 'past_due', graceUntil: current.graceUntil ?? graceFrom(event.createdAt) };
  }
}

const stateOf = (row: SubscriptionRow) => ({
  provider: row.provider,
  providerCustomerId: row.providerCustomerId,
  providerSubscriptionId: row.providerSubscriptionId,
  providerItemId: row.providerItemId,
  planId: row.planId,
  interval: row.interval,
  priceCents: row.priceCents,
  currentPeriodEnd: row.currentPeriodEnd,
});

const graceFrom = (at: Date) => new Date(at.getTime() + BILLING_GRACE_DAYS * DAY_MS);
const laterOf = (a: Date | null, b: Date) => (a && a > b ? a : b);

async function ownerOf(tx: Parameters<Parameters<Database['transaction']>[0]>[0], subscriptionId: string): Promise<string | null> {
  const [row] = await tx
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(eq(subscriptions.providerSubscriptionId, subscriptionId))
    .limit(1);
  return row?.userId ?? null;
}
