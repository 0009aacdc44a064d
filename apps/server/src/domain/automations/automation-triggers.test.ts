import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { customers, jobs } from '#src/db/schema/index.ts';
import { updateCustomer } from '#src/domain/customers/update-customer.ts';
import { advanceTestClock } from '#src/domain/test-clock/advance-test-clock.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { seedSendingStore } from '#src/testing/email-campaigns.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { ABANDONED_CHECKOUT_KIND } from './automation-job-kinds.ts';
import { addAutomation, emailStep, outboxSubjects, runsOf, waitStep } from './automation-test-fixtures.ts';

const HOUR_S = 60 * 60;
let t: TestApp;
const runDue = async () => {
  const runner = createAppJobRunner({ env: t.env, db: t.db, log: silentLog });
  await runner.runDue();
  await runner.stop();
};
const moveClock = (storeId: string, seconds: number) => advanceTestClock(t.db, { storeId, seconds, now: new Date() });
const abandonedFlow = [emailStep('reminder-1h', 'You left something'), { id: 'wait-23h', type: 'wait', wait: { mode: 'duration', amount: 23, unit: 'hours' } } as const, emailStep('reminder-24h', 'Still thinking?')];
const abandonedJobs = (checkoutId: string) =>
  t.db.select().from(jobs).where(and(eq(jobs.kind, ABANDONED_CHECKOUT_KIND), sql`${jobs.payload} ->> 'checkoutId' = ${checkoutId}`));

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('abandoned checkout, on the store test clock', () => {
  it('a consenting unpaid checkout gets the 1 h email; paying ends the run, so no 24 h email', async () => {
    const { storeId } = await seedSendingStore(t.db, 'cart-mugs');
    const automationId = await addAutomation(t.db, storeId, { kind: 'abandoned-checkout', productId: null, delayMinutes: 60 }, abandonedFlow);
    const product = await insertProduct(t, storeId);
    const { checkoutId } = await startCheckout(t, { storeId, productId: product.id, email: 'cart@example.com', marketingConsent: true, timeZone: 'Asia/Tokyo' });
    expect(await abandonedJobs(checkoutId)).toMatchObject([{ clockStoreId: storeId, status: 'pending' }]);

    await moveClock(storeId, 59 * 60);
    await runDue();
    expect(await runsOf(t.db, automationId)).toEqual([]);
    await moveClock(storeId, 60);
    await runDue();
    expect(await outboxSubjects(t.db, 'cart@example.com')).toEqual(['You left something']);
    // The contact the abandoned checkout made has the buyer's browser zone.
    const [contact] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'cart@example.com')));
    expect(contact?.timeZone).toBe('Asia/Tokyo');

    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    const [run] = await runsOf(t.db, automationId);
    expect(run).toMatchObject({ status: 'stopped', stopReason: 'checkout paid' });
    await moveClock(storeId, 24 * HOUR_S);
    await runDue();
    expect(await outboxSubjects(t.db, 'cart@example.com')).toEqual(['You left something']);
  });

  it('without marketing consent nothing is queued and no email is sent', async () => {
    const { storeId } = await seedSendingStore(t.db, 'noconsent-mugs');
    const automationId = await addAutomation(t.db, storeId, { kind: 'abandoned-checkout', productId: null, delayMinutes: 60 }, abandonedFlow);
    const product = await insertProduct(t, storeId);
    const { checkoutId } = await startCheckout(t, { storeId, productId: product.id, email: 'nope@example.com', marketingConsent: false });
    expect(await abandonedJobs(checkoutId)).toEqual([]);
    await moveClock(storeId, 2 * HOUR_S);
    await runDue();
    expect(await runsOf(t.db, automationId)).toEqual([]);
    expect(await outboxSubjects(t.db, 'nope@example.com')).toEqual([]);
  });

  it('a checkout paid before the delay starts nothing', async () => {
    const { storeId } = await seedSendingStore(t.db, 'quickpay-mugs');
    const automationId = await addAutomation(t.db, storeId, { kind: 'abandoned-checkout', productId: null, delayMinutes: 60 }, abandonedFlow);
    const product = await insertProduct(t, storeId);
    const { checkoutId } = await startCheckout(t, { storeId, productId: product.id, email: 'quick@example.com', marketingConsent: true });
    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBeLessThan(400);
    await moveClock(storeId, 2 * HOUR_S);
    await runDue();
    expect(await runsOf(t.db, automationId)).toEqual([]);
    expect(await outboxSubjects(t.db, 'quick@example.com')).toEqual([]);
  });
});

describe('triggers where they happen', () => {
  it('a purchase starts the purchase flow once per order; a free lead magnet with consent starts the welcome on the test clock', async () => {
    const { storeId } = await seedSendingStore(t.db, 'buy-mugs');
    const paidProduct = await insertProduct(t, storeId);
    const freebie = await insertProduct(t, storeId, { priceCents: 0, title: 'Free guide' });
    const bought = await addAutomation(t.db, storeId, { kind: 'purchased', productId: paidProduct.id }, [emailStep('thanks', 'Thank you')]);
    const welcome = await addAutomation(t.db, storeId, { kind: 'joined', source: 'lead-magnet', productId: freebie.id }, [
      emailStep('w1', 'Welcome 1'),
      waitStep('d1', 1),
      emailStep('w2', 'Welcome 2'),
    ]);
    const { checkoutId } = await startCheckout(t, { storeId, productId: paidProduct.id, email: 'buyer@example.com', marketingConsent: true });
    // Automation mail is marketing mail: a buyer who did not opt in gets none.
    const quiet = await startCheckout(t, { storeId, productId: paidProduct.id, email: 'quiet@example.com' });
    await payWithCard(t, quiet.checkoutId, '4242 4242 4242 4242');
    await payWithCard(t, checkoutId, '4242 4242 4242 4242');
    await startCheckout(t, { storeId, productId: freebie.id, email: 'lead@example.com', marketingConsent: true });
    await startCheckout(t, { storeId, productId: freebie.id, email: 'nolead@example.com', marketingConsent: false });
    await runDue();
    expect(await outboxSubjects(t.db, 'buyer@example.com')).toEqual(['Thank you']);
    expect(await outboxSubjects(t.db, 'lead@example.com')).toEqual(['Welcome 1']);
    expect(await outboxSubjects(t.db, 'nolead@example.com')).toEqual([]);
    expect(await outboxSubjects(t.db, 'quiet@example.com')).toEqual([]);
    expect((await runsOf(t.db, bought)).map((run) => [run.status, run.stopReason]).sort()).toEqual([['completed', null], ['stopped', 'no marketing consent']]);
    // The welcome's day-long wait follows the store's test clock (the store takes test payments).
    await moveClock(storeId, 24 * HOUR_S);
    await runDue();
    expect(await outboxSubjects(t.db, 'lead@example.com')).toEqual(['Welcome 1', 'Welcome 2']);
    expect((await runsOf(t.db, welcome))[0]).toMatchObject({ status: 'completed', clock: 'test' });
  });

  it('the website signup form and a tag the creator adds start their automations', async () => {
    const { storeId } = await seedSendingStore(t.db, 'form-mugs');
    await addAutomation(t.db, storeId, { kind: 'joined', source: 'signup-form', productId: null }, [emailStep('hi', 'Thanks for signing up')]);
    await addAutomation(t.db, storeId, { kind: 'tag-added', tag: 'VIP' }, [emailStep('vip', 'Welcome to VIP')]);
    const reply = await callFunction(t.app, 'subscribeToStoreEmail', { storeId, email: 'form@example.com', consent: true });
    expect(reply.statusCode).toBe(200);
    await callFunction(t.app, 'subscribeToStoreEmail', { storeId, email: 'form@example.com', consent: true });
    const [contact] = await t.db.select().from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, 'form@example.com')));
    await updateCustomer(t.db, { storeId, customerId: contact!.id, tags: ['vip'], now: new Date() });
    // Saving the same tags again is no new tag.
    await updateCustomer(t.db, { storeId, customerId: contact!.id, tags: ['vip'], now: new Date() });
    await runDue();
    expect((await outboxSubjects(t.db, 'form@example.com')).sort()).toEqual(['Thanks for signing up', 'Welcome to VIP']);
  });
});
