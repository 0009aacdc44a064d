import { CARD_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '#src/db/schema/index.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { manualClock } from '#src/testing/clock.ts';
import { seedCustomer, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { chargeTestMembership } from './charge-test-membership.ts';
import { findMemberAccess } from './find-member-access.ts';
import { card, CARDS, invoicesOf, membershipRow, pendingCharges, seedTier, testClockDriver } from './membership-fixtures.ts';
import { addInterval, RENEWAL_GRACE_MS } from './membership-rules.ts';
import { createRenewTestMembershipJob } from './renew-test-membership-job.ts';
import { replaceTestMembershipCard } from './replace-test-membership-card.ts';
import { startTestMembership } from './start-test-membership.ts';
import { recordMembershipEvent } from './record-membership-event.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const minus = (at: Date, ms: number) => new Date(at.getTime() - ms);
const plus = (at: Date, ms: number) => new Date(at.getTime() + ms);

describe('test memberships on the store test clock', () => {
  let t: TestApp;
  let driver: ReturnType<typeof testClockDriver>;
  beforeAll(async () => {
    t = await createTestApp();
    driver = testClockDriver(t, clock.now);
  });
  afterAll(() => t?.close());

  /** Each scenario on a store of its own, so its clock moves alone. */
  async function join(options: { trialDays?: number; setupFeeCents?: number; cardNumber?: string } = {}) {
    const store: SeededStore = await seedStore(t);
    const tier = await seedTier(t, store.id, { trialDays: options.trialDays ?? 0, setupFeeCents: options.setupFeeCents ?? 0 });
    const customer = await seedCustomer(t, store.id);
    const started = await startTestMembership(
      { db: t.db, now: clock.now() },
      { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(options.cardNumber ?? CARDS.pays) },
    );
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    const access = async () => (await findMemberAccess(t.db, { storeId: store.id, customerId: customer.id, now: clock.now() })).length > 0;
    return { store, tier, customer, membershipId: started.membershipId, access };
  }

  it('without a trial: the first period and the setup fee are charged at once; a card that cannot pay joins nothing', async () => {
    const store = await seedStore(t);
    const tier = await seedTier(t, store.id, { setupFeeCents: 500 });
    const customer = await seedCustomer(t, store.id);
    const input = { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month' as const };
    for (const number of [CARDS.declinesLater, CARDS.declined]) {
      expect(await startTestMembership({ db: t.db, now: clock.now() }, { ...input, card: card(number) })).toEqual({ kind: 'refused', message: CARD_MESSAGES.declined });
    }
    expect(await t.db.select().from(memberships).where(eq(memberships.storeId, store.id))).toEqual([]);

    const started = await startTestMembership({ db: t.db, now: clock.now() }, { ...input, card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error('not started');
    const row = await membershipRow(t, started.membershipId);
    expect(row).toMatchObject({ status: 'active', priceCents: 900, trialEnd: null, currentPeriodStart: clock.now(), currentPeriodEnd: addInterval(clock.now(), 'month') });
    expect(await invoicesOf(t, row.id)).toEqual([{ amountCents: 1400, status: 'paid', periodStart: clock.now(), attempt: 0 }]);
  });

  it('trial end, both sides: nothing is charged a minute before; a minute after, the first period and setup fee are', async () => {
    const { store, membershipId, access } = await join({ trialDays: 7, setupFeeCents: 500 });
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    expect(trialEnd).toEqual(plus(clock.now(), 7 * DAY));

    await driver.moveTo(store.id, minus(trialEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'trialing' });
    expect(await invoicesOf(t, membershipId)).toEqual([]);
    expect(await access()).toBe(true);

    await driver.moveTo(store.id, plus(trialEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'active', currentPeriodStart: trialEnd, currentPeriodEnd: addInterval(trialEnd, 'month') });
    expect(await invoicesOf(t, membershipId)).toEqual([{ amountCents: 1400, status: 'paid', periodStart: trialEnd, attempt: 0 }]);
    expect(await access()).toBe(true);

    // The next renewal charges the price alone: the setup fee is charged once.
    const periodEnd = addInterval(trialEnd, 'month');
    await driver.moveTo(store.id, plus(periodEnd, MINUTE));
    expect((await invoicesOf(t, membershipId)).map((invoice) => invoice.amountCents)).toEqual([1400, 900]);
  });

  it('a trial on a card that declines later: past_due at trial end, with access through the grace', async () => {
    const { store, membershipId, access } = await join({ trialDays: 7, cardNumber: CARDS.declinesLater });
    const trialEnd = (await membershipRow(t, membershipId)).trialEnd!;
    await driver.moveTo(store.id, plus(trialEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'past_due', failedAttempts: 1, graceUntil: plus(trialEnd, RENEWAL_GRACE_MS) });
    expect(await invoicesOf(t, membershipId)).toEqual([{ amountCents: 900, status: 'failed', periodStart: trialEnd, attempt: 0 }]);
    expect(await access()).toBe(true);
  });

  it('a renewal is charged once when its job runs twice, or two runners charge at once', async () => {
    const { store, membershipId } = await join();
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    const [job] = (await pendingCharges(t)).filter((row) => row.clockStoreId === store.id);
    await driver.moveTo(store.id, plus(periodEnd, MINUTE), { run: false });

    const charge = { membershipId, dueAt: periodEnd.toISOString(), attempt: 0 };
    const results = await Promise.all([chargeTestMembership(t.db, charge, { now: clock.now() }), chargeTestMembership(t.db, charge, { now: clock.now() })]);
    expect(results.sort()).toEqual(['not-due', 'paid']);
    const ctx = { log: { info: () => {} }, now: clock.now, complete: async () => {} } as unknown as JobRunContext;
    await createRenewTestMembershipJob({ db: t.db }).run(job as ClaimedJob, ctx);
    expect(await driver.runDue()).toBe(1);

    expect((await invoicesOf(t, membershipId)).filter((invoice) => invoice.periodStart.getTime() === periodEnd.getTime())).toEqual([
      { amountCents: 900, status: 'paid', periodStart: periodEnd, attempt: 0 },
    ]);
    // One next renewal queued, at the new period's end.
    const next = (await pendingCharges(t)).filter((row) => row.clockStoreId === store.id);
    expect(next.map((row) => row.payload)).toEqual([{ membershipId, dueAt: addInterval(periodEnd, 'month').toISOString(), attempt: 0 }]);
  });

  it('failed renewal, past_due, recovered on a later retry with a new card', async () => {
    const { store, membershipId, access } = await join();
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    expect(await replaceTestMembershipCard({ db: t.db, now: clock.now() }, { storeId: store.id, membershipId, card: card(CARDS.declinesLater) })).toEqual({ kind: 'replaced' });

    await driver.moveTo(store.id, plus(periodEnd, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'past_due', failedAttempts: 1, currentPeriodEnd: periodEnd });
    expect(await access()).toBe(true);

    await replaceTestMembershipCard({ db: t.db, now: clock.now() }, { storeId: store.id, membershipId, card: card(CARDS.pays) });
    await driver.moveTo(store.id, plus(periodEnd, DAY + MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'active', failedAttempts: 0, graceUntil: null, currentPeriodStart: periodEnd, currentPeriodEnd: addInterval(periodEnd, 'month') });
    expect((await invoicesOf(t, membershipId)).slice(1)).toEqual([
      { amountCents: 900, status: 'failed', periodStart: periodEnd, attempt: 0 },
      { amountCents: 900, status: 'paid', periodStart: periodEnd, attempt: 1 },
    ]);
    expect(await access()).toBe(true);
  });

  it('grace, both sides: access a minute before the last retry; a minute after it failed, ended and no access', async () => {
    const { store, membershipId, access } = await join({ cardNumber: CARDS.pays });
    const periodEnd = (await membershipRow(t, membershipId)).currentPeriodEnd;
    await replaceTestMembershipCard({ db: t.db, now: clock.now() }, { storeId: store.id, membershipId, card: card(CARDS.declinesLater) });
    const grace = plus(periodEnd, RENEWAL_GRACE_MS);

    await driver.moveTo(store.id, minus(grace, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'past_due', failedAttempts: 3, graceUntil: grace });
    expect(await access()).toBe(true);

    await driver.moveTo(store.id, plus(grace, MINUTE));
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'ended', endedAt: plus(grace, MINUTE), graceUntil: null });
    expect((await invoicesOf(t, membershipId)).slice(1).map((invoice) => [invoice.status, invoice.attempt])).toEqual([
      ['failed', 0],
      ['failed', 1],
      ['failed', 2],
      ['failed', 3],
    ]);
    expect(await access()).toBe(false);
    expect((await pendingCharges(t)).filter((job) => job.clockStoreId === store.id)).toEqual([]);
  });

  it('cancelled at period end: access until the end, then ended without a charge', async () => {
    const { store, membershipId, access } = await join();
    const row = await membershipRow(t, membershipId);
    const scheduled = await recordMembershipEvent(
      t.db,
      { provider: 'test', eventId: `testevt_${membershipId}_cancel`, providerSubscriptionId: row.providerSubscriptionId, createdAt: await driver.clockNow(store.id), type: 'cancel_scheduled', reason: 'Taking a break' },
      clock.now(),
    );
    expect(scheduled.outcome).toBe('applied');

    await driver.moveTo(store.id, minus(row.currentPeriodEnd, MINUTE));
    expect(await access()).toBe(true);
    // Access is judged on the store's clock, before any job has run.
    await driver.moveTo(store.id, plus(row.currentPeriodEnd, MINUTE), { run: false });
    expect(await access()).toBe(false);
    await driver.runDue();
    expect(await membershipRow(t, membershipId)).toMatchObject({ status: 'ended', cancelReason: 'Taking a break' });
    expect(await invoicesOf(t, membershipId)).toHaveLength(1);
    expect(await access()).toBe(false);
  });
});
