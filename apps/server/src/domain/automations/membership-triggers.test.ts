import type { AutomationTrigger } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { newId } from '#src/db/ids.ts';
import type { MembershipEvent } from '#src/domain/memberships/apply-membership-event.ts';
import { recordMembershipEvent } from '#src/domain/memberships/record-membership-event.ts';
import { seedTier } from '#src/testing/memberships.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { addAutomation, emailStep, outboxSubjects, runsOf, seedAutomation } from './automation-test-fixtures.ts';

const DAY = 24 * 60 * 60_000;
let t: TestApp;
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
  await runner.runDue();
  await runner.stop();
};

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** A sending store, a consenting contact, a membership product, and one live automation on `trigger(productId)`. */
async function setUp(slug: string, trigger: (productId: string) => AutomationTrigger) {
  const probe = await seedAutomation(t.db, slug, { steps: [emailStep('unused', 'Unused')], trigger: { kind: 'tag-added', tag: 'never' } });
  const tier = await seedTier(t, probe.storeId);
  const automationId = await addAutomation(t.db, probe.storeId, trigger(tier.productId), [emailStep('m1', `Membership mail ${slug}`)]);
  const contact = probe.contacts[0]!;
  const subscription = `sub_${newId('x')}`;
  let at = Date.now();
  const event = (body: Record<string, unknown> & { type: MembershipEvent['type'] }, eventId = newId('evt')) =>
    ({ provider: 'stripe', eventId, providerSubscriptionId: subscription, createdAt: new Date((at += 1_000)), ...body }) as MembershipEvent;
  const record = (e: MembershipEvent) => recordMembershipEvent(t.db, e, new Date());
  const start = new Date();
  const created = event({
    type: 'created',
    membership: {
      storeId: probe.storeId, productId: tier.productId, tierId: tier.id, customerId: contact.id, priceCents: 900, currency: 'USD', setupFeeCents: 0,
      currentPeriodStart: start, currentPeriodEnd: new Date(start.getTime() + 30 * DAY), trialEnd: null, status: 'active', interval: 'month',
    },
  });
  return { storeId: probe.storeId, productId: tier.productId, tierId: tier.id, automationId, contact, event, record, created };
}

describe('membership triggers', () => {
  it('membership started: once per membership (a replayed event starts nothing), only for its product', async () => {
    const s = await setUp('mstart-mugs', (productId) => ({ kind: 'membership-started', productId }));
    const otherProduct = await seedTier(t, s.storeId);
    const elsewhere = await addAutomation(t.db, s.storeId, { kind: 'membership-started', productId: otherProduct.productId }, [emailStep('x', 'Other')]);
    const anyProduct = await addAutomation(t.db, s.storeId, { kind: 'membership-started', productId: null }, [emailStep('y', 'Any membership')]);
    expect((await s.record(s.created)).outcome).toBe('applied');
    expect((await s.record(s.created)).outcome).toBe('replay');
    await runDue();
    expect((await outboxSubjects(t.db, s.contact.email)).sort()).toEqual(['Any membership', 'Membership mail mstart-mugs']);
    expect(await runsOf(t.db, s.automationId)).toHaveLength(1);
    expect(await runsOf(t.db, anyProduct)).toHaveLength(1);
    expect(await runsOf(t.db, elsewhere)).toEqual([]);
  });

  it('membership cancelled: a scheduled cancellation starts it, undoing stops it, an end after the schedule starts nothing more; an end without one starts it', async () => {
    const s = await setUp('mcancel-mugs', () => ({ kind: 'membership-cancelled', productId: null }));
    await s.record(s.created);
    const cancel = s.event({ type: 'cancel_scheduled', reason: null });
    await s.record(cancel);
    await s.record(cancel);
    expect((await runsOf(t.db, s.automationId)).map((run) => run.status)).toEqual(['active']);
    await s.record(s.event({ type: 'cancel_undone' }));
    expect((await runsOf(t.db, s.automationId)).map((run) => [run.status, run.stopReason])).toEqual([['stopped', 'cancellation undone']]);

    await s.record(s.event({ type: 'cancel_scheduled', reason: 'too pricey' }));
    await s.record(s.event({ type: 'ended' }));
    expect((await runsOf(t.db, s.automationId)).map((run) => run.status)).toEqual(['stopped', 'active']);
    await runDue();
    expect(await outboxSubjects(t.db, s.contact.email)).toEqual(['Membership mail mcancel-mugs']);

    // Ended now (by the creator, or out of retries) with no cancellation scheduled: that is the cancellation.
    const now = await setUp('mend-mugs', () => ({ kind: 'membership-cancelled', productId: null }));
    await now.record(now.created);
    await now.record(now.event({ type: 'ended' }));
    expect((await runsOf(t.db, now.automationId)).map((run) => run.status)).toEqual(['active']);
  });

  it('payment failed: once per unpaid period (its retries and a replayed event start nothing)', async () => {
    const s = await setUp('mfail-mugs', (productId) => ({ kind: 'membership-payment-failed', productId }));
    await s.record(s.created);
    const graceUntil = new Date(Date.now() + 5 * DAY);
    const failed = s.event({ type: 'payment_failed', attempt: 1, graceUntil });
    await s.record(failed);
    await s.record(failed);
    await s.record(s.event({ type: 'payment_failed', attempt: 2, graceUntil }));
    expect((await runsOf(t.db, s.automationId)).map((run) => run.status)).toEqual(['active']);
    await runDue();
    expect(await outboxSubjects(t.db, s.contact.email)).toEqual(['Membership mail mfail-mugs']);
  });

  it('a recovered payment stops a payment-failed flow still running', async () => {
    const s = await setUp('mrecover-mugs', () => ({ kind: 'membership-payment-failed', productId: null }));
    await s.record(s.created);
    await s.record(s.event({ type: 'payment_failed', attempt: 1, graceUntil: new Date(Date.now() + 5 * DAY) }));
    const periodStart = new Date(Date.now() + 30 * DAY);
    await s.record(s.event({ type: 'recovered', periodStart, periodEnd: new Date(periodStart.getTime() + 30 * DAY) }));
    expect((await runsOf(t.db, s.automationId)).map((run) => [run.status, run.stopReason])).toEqual([['stopped', 'payment recovered']]);
    await runDue();
    expect(await outboxSubjects(t.db, s.contact.email)).toEqual([]);
  });

  it('a membership that ends stops a payment-failed flow still running: no email after the end', async () => {
    const s = await setUp('mfailend-mugs', () => ({ kind: 'membership-payment-failed', productId: null }));
    await s.record(s.created);
    await s.record(s.event({ type: 'payment_failed', attempt: 1, graceUntil: new Date(Date.now() + 5 * DAY) }));
    expect((await runsOf(t.db, s.automationId)).map((run) => run.status)).toEqual(['active']);
    await s.record(s.event({ type: 'ended' }));
    expect((await runsOf(t.db, s.automationId)).map((run) => [run.status, run.stopReason])).toEqual([['stopped', 'membership ended']]);
    await runDue();
    expect(await outboxSubjects(t.db, s.contact.email)).toEqual([]);
  });
});
