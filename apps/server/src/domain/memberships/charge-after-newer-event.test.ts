import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer, seedStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { chargeTestMembership } from './charge-test-membership.ts';
import { card, CARDS, invoicesOf, membershipRow, seedTier } from './membership-fixtures.ts';
import { recordMembershipEvent } from './record-membership-event.ts';
import { startTestMembership } from './start-test-membership.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
const SECOND = 1_000;

/**
 * The trial-ending notice and the first charge fall due together once the test clock jumps past
 * both. A charge whose job read the time before the notice took the membership's lock must still
 * renew it: the money taken and the membership still trialing would lock the member out.
 */
describe('a test charge that waited on the membership’s lock', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  it('renews after an event stamped later than the time the charge read', async () => {
    const store = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    const tier = await seedTier(t, store.id, { trialDays: 7, monthlyPriceCents: 2000 });
    const customer = await seedCustomer(t, store.id);
    const started = await startTestMembership({ db: t.db, now: clock.now() }, { storeId: store.id, tierId: tier.id, customerId: customer.id, interval: 'month', card: card(CARDS.pays) });
    if (started.kind !== 'started') throw new Error(`not started: ${started.kind}`);
    const trialEnd = (await membershipRow(t, started.membershipId)).trialEnd!;

    // The charge's job read the time a second after the trial's end; the notice, applied first, two seconds after.
    const chargeReadAt = new Date(trialEnd.getTime() + SECOND);
    const row = await membershipRow(t, started.membershipId);
    await recordMembershipEvent(
      t.db,
      { provider: 'test', eventId: `testevt_${row.id}_trial_will_end`, providerSubscriptionId: row.providerSubscriptionId, createdAt: new Date(trialEnd.getTime() + 2 * SECOND), type: 'trial_will_end' },
      new Date(trialEnd.getTime() + 2 * SECOND),
    );
    const result = await chargeTestMembership(t.db, { membershipId: started.membershipId, dueAt: trialEnd.toISOString(), attempt: 0 }, { now: chargeReadAt });

    expect(result).toBe('paid');
    expect(await membershipRow(t, started.membershipId)).toMatchObject({ status: 'active', currentPeriodStart: trialEnd });
    expect((await invoicesOf(t, started.membershipId)).map((invoice) => [invoice.amountCents, invoice.status])).toEqual([[2000, 'paid']]);
  });
});
