import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens, paymentAccounts, stores } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { startStripeStandIn, stripeStandInEnv, type StripeStandIn } from '#src/testing/stripe-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

/** SECURITY "Tenancy": every payments function answers another creator's store exactly like a missing one. */
describe('foreign store ids on the payment settings functions', () => {
  let t: TestApp;
  let standIn: StripeStandIn;
  let owner: TestCreator;
  let mallory: TestCreator;
  let victim: { id: string };

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({ env: testEnv(stripeStandInEnv(standIn)) });
    owner = await signedInCreator(t);
    mallory = await signedInCreator(t);
    victim = await createStoreAs(t, owner, 'victim-pay');
    await createStoreAs(t, mallory, 'mallory-pay');
    await t.db.insert(paymentAccounts).values({ storeId: victim.id, provider: 'stripe', accountId: 'acct_victim' });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const MISSING = 'store_doesnotexist00000000';
  const cases: [string, (storeId: string) => Record<string, unknown>][] = [
    ['getPaymentSettings', (storeId) => ({ storeId })],
    ['updatePaymentSettings', (storeId) => ({ storeId, currency: 'JPY' })],
    ['startStripeConnect', (storeId) => ({ storeId })],
    ['disconnectStripe', (storeId) => ({ storeId })],
  ];

  it.each(cases)('%s', async (name, input) => {
    const foreign = seen(await callFunction(t.app, name, input(victim.id), { as: mallory }));
    const missing = seen(await callFunction(t.app, name, input(MISSING), { as: mallory }));
    expect(foreign.status).toBe(404);
    expect(foreign).toEqual(missing);
  });

  it('left the victim’s currency, account and tokens untouched', async () => {
    const [store] = await t.db.select().from(stores).where(eq(stores.id, victim.id));
    expect(store?.currency).toBe('USD');
    const [account] = await t.db.select().from(paymentAccounts).where(eq(paymentAccounts.storeId, victim.id));
    expect(account?.accountId).toBe('acct_victim');
    expect(await t.db.select().from(authTokens).where(eq(authTokens.data, victim.id))).toEqual([]);
    expect(standIn.requestsTo('/oauth/deauthorize')).toEqual([]);
  });
});
