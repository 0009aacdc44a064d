import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { createJobRunner } from '#src/jobs/job-runner.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedCustomer, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { card, CARDS, invoicesOf, membershipRow, pendingCharges, seedTier } from './membership-fixtures.ts';
import { addInterval } from './membership-rules.ts';
import { createRenewTestMembershipJob } from './renew-test-membership-job.ts';
import { startTestMembership } from './start-test-membership.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));

/**
 * A server killed while it was charging renewals (`npm run bench -- memberships` does it with
 * kill -9): the charges it held are made by the next server within half a minute, once each.
 */
describe('a renewal held by a crashed server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('is charged by another server 30 s later, once', async () => {
    const store = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const tier = await seedTier(t, store.id);
    const customer = await seedCustomer(t, store.id);
    const started = await startTestMembership(
      { db: t.db, now: clock.now() },
      { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) },
    );
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    const periodEnd = (await membershipRow(t, started.membershipId)).currentPeriodEnd;
    await advanceTestClock(t.db, { storeId: store.id, seconds: (periodEnd.getTime() - clock.now().getTime()) / 1000 + 60, now: clock.now() });

    // The crashed server took the charge and never finished it.
    const renew = createRenewTestMembershipJob({ db: t.db });
    const crashed = createJobRunner({ db: t.db, handlers: [{ ...renew, run: () => new Promise(() => {}) }], log: silentLog, now: clock.now });
    void crashed.runDue();
    await expect.poll(async () => (await pendingCharges(t)).length).toBe(0);

    const survivor = createAppJobRunner({ env: t.env, db: t.db, log: silentLog, now: clock.now });
    clock.advance(29_000);
    await survivor.runDue();
    expect(await invoicesOf(t, started.membershipId)).toHaveLength(1);

    clock.advance(1_000);
    await survivor.runDue();
    await survivor.runDue();
    await survivor.stop();
    expect((await invoicesOf(t, started.membershipId)).slice(1)).toEqual([{ amountCents: 900, status: 'paid', periodStart: periodEnd, attempt: 0 }]);
    expect(await membershipRow(t, started.membershipId)).toMatchObject({ status: 'active', currentPeriodStart: periodEnd, currentPeriodEnd: addInterval(periodEnd, 'month') });
  });
});
