import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { resultOf } from '#src/testing/affiliate-accounts.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedCustomer, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { card, CARDS, invoicesOf, membershipRow, seedTier } from './membership-fixtures.ts';
import { addInterval } from './membership-rules.ts';
import { startTestMembership } from './start-test-membership.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const MINUTE = 60_000;

/**
 * The renewal wired the way a creator drives it: the dashboard's Test clock
 * (`advanceStoreTestClock`) moves the store's clock, and the server's own job runner
 * (`createAppJobRunner`, as main.ts builds it) charges what fell due.
 */
describe('a test membership renews through the public test clock and the app job runner', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('charges the renewal once, however often the runner runs', async () => {
    const store = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const tier = await seedTier(t, store.id);
    const customer = await seedCustomer(t, store.id);
    const started = await startTestMembership(
      { db: t.db, now: clock.now() },
      { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) },
    );
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    const periodEnd = (await membershipRow(t, started.membershipId)).currentPeriodEnd;
    const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
    const minutesTo = (at: Date, clockNow: Date) => Math.round((at.getTime() - clockNow.getTime()) / MINUTE);
    const advance = (minutes: number) =>
      resultOf<{ now: string }>(callFunction(t.app, 'advanceStoreTestClock', { storeId: store.id, minutes }, { as: store.owner }));

    // A minute short of the period's end nothing is due.
    const early = await advance(minutesTo(periodEnd, clock.now()) - 1);
    await runner.runDue();
    expect(await invoicesOf(t, started.membershipId)).toHaveLength(1);

    await advance(2);
    expect(new Date(early.now).getTime() + 2 * MINUTE).toBeGreaterThan(periodEnd.getTime());
    await runner.runDue();
    await runner.runDue();
    await runner.stop();

    expect((await invoicesOf(t, started.membershipId)).slice(1)).toEqual([{ amountCents: 900, status: 'paid', periodStart: periodEnd, attempt: 0 }]);
    expect(await membershipRow(t, started.membershipId)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd, currentPeriodEnd: addInterval(periodEnd, 'month') });
  });
});
