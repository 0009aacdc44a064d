import { AppError, type CardField, type CardFieldErrors, type CardFormInput } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { testBillingSessions, type TestBillingSessionRow } from '#src/db/schema/index.ts';
import { classifyTestCard, type TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { applySubscriptionEvent } from './apply-subscription-event.ts';
import { recordTestInvoice } from './record-test-invoice.ts';

export type TestSubscriptionPayment =
  | { kind: 'paid' }
  | { kind: 'invalid'; errors: CardFieldErrors }
  | { kind: 'refused'; message: string; field?: CardField }
  | { kind: 'authenticate' };

const eventId = () => `testevt_${randomBytes(12).toString('hex')}`;

/**
 * The test provider's subscription charge, with the checkout's test cards and their outcomes
 * (core card rules). A paying card emits what Stripe would: `customer.subscription.created`
 * (as subscription.updated, active) and `invoice.paid`, through the same applySubscriptionEvent
 * as the Stripe webhook; the session is completed once, so paying twice subscribes once.
 */
export async function payTestSubscription(
  deps: { db: Database; now: Date },
  session: TestBillingSessionRow,
  card: CardFormInput,
  authentication?: TestAuthentication,
): Promise<TestSubscriptionPayment> {
  const decision = classifyTestCard(card, deps.now, authentication);
  if (decision.kind === 'invalid') return { kind: 'invalid', errors: decision.errors };
  if (decision.kind === 'authenticate') return { kind: 'authenticate' };
  if (decision.kind === 'declined') {
    return decision.field ? { kind: 'refused', message: decision.message, field: decision.field } : { kind: 'refused', message: decision.message };
  }
  if (session.expiresAt <= deps.now) throw new AppError('not-found');
  const claimed = await deps.db
    .update(testBillingSessions)
    .set({ status: 'completed' })
    .where(and(eq(testBillingSessions.id, session.id), eq(testBillingSessions.status, 'open')))
    .returning({ id: testBillingSessions.id });
  if (claimed.length === 0) return { kind: 'paid' };

  const subscriptionId = `testsub_${session.id.slice(4)}`;
  const periodMs = (session.interval === 'year' ? 365 : 30) * 24 * 60 * 60 * 1000;
  await applySubscriptionEvent(
    deps.db,
    {
      eventId: eventId(),
      provider: 'test',
      type: 'subscription.updated',
      createdAt: deps.now,
      userId: session.userId,
      subscriptionId,
      customerId: `testcus_${session.userId}`,
      planId: session.planId,
      interval: session.interval,
      status: 'active',
      priceCents: session.priceCents,
      currentPeriodEnd: new Date(deps.now.getTime() + periodMs),
    },
    deps.now,
  );
  await recordTestInvoice(deps.db, { userId: session.userId, planId: session.planId, interval: session.interval, amountCents: session.priceCents, status: 'paid', now: deps.now });
  await applySubscriptionEvent(
    deps.db,
    { eventId: eventId(), provider: 'test', type: 'invoice.paid', createdAt: deps.now, userId: session.userId, subscriptionId },
    deps.now,
  );
  return { kind: 'paid' };
}
