import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { subscriptions } from '#src/db/schema/index.ts';
import { applySubscriptionEvent, type SubscriptionEvent } from './apply-subscription-event.ts';
import { recordTestInvoice } from './record-test-invoice.ts';

export type TestPortalActionName = 'cancel' | 'fail-renewal' | 'pay-renewal';

/**
 * What the test provider's portal does, as events Stripe would send: cancelling emits
 * `customer.subscription.deleted`; a renewal emits `invoice.payment_failed` (a grace period starts)
 * or `invoice.paid` (it ends), each with its invoice. Same applySubscriptionEvent as the webhook.
 */
export async function testPortalAction(db: Database, options: { userId: string; action: TestPortalActionName; now: Date }): Promise<boolean> {
  const { userId, now } = options;
  const [row] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  if (!row || row.provider !== 'test' || !row.providerSubscriptionId || (row.status !== 'active' && row.status !== 'past_due')) return false;
  const base = { eventId: `testevt_${randomBytes(12).toString('hex')}`, provider: 'test' as const, createdAt: now, userId, subscriptionId: row.providerSubscriptionId };
  let event: SubscriptionEvent;
  if (options.action === 'cancel') event = { ...base, type: 'subscription.deleted' };
  else {
    const paid = options.action === 'pay-renewal';
    await recordTestInvoice(db, { userId, planId: row.planId, interval: row.interval, amountCents: row.priceCents, status: paid ? 'paid' : 'open', now });
    event = { ...base, type: paid ? 'invoice.paid' : 'invoice.payment_failed' };
  }
  return (await applySubscriptionEvent(db, event, now)) === 'applied';
}
