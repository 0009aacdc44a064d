import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, membershipCheckouts, products } from '#src/db/schema/index.ts';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { CARDS, card, seedTier } from '#src/testing/memberships.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';

const clock = manualClock(new Date('2030-06-01T12:00:00.000Z'));
let address = 0;

const joinStore = async (t: TestApp) => createStoreAs(t, await signedInCreator(t, { now: clock.now() }), `zone-club-${++address}-${Date.now().toString(36)}`);
/** A tier of a published membership product, members can join. */
async function joinableTier(t: TestApp, storeId: string) {
  const tier = await seedTier(t, storeId);
  await t.db.update(products).set({ status: 'published' }).where(eq(products.id, tier.productId));
  return tier;
}
/** The test provider's pay form, posted from our own page. */
const payMembership = (t: TestApp, checkoutId: string, cardNumber: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/memberships/test-checkout/${checkoutId}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: TEST_PUBLIC_URL },
    payload: new URLSearchParams(card(cardNumber)).toString(),
  });

/** A membership checkout carries the browser's zone to the contact, as one-off checkouts do (docs/automations.md). */
describe('the time zone of a membership checkout', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  const join = async (storeId: string, tierId: string, email: string, timeZone?: string) => {
    const reply = await callFunction(
      t.app,
      'startMembershipCheckout',
      { storeId, tierId, interval: 'monthly', email, name: 'Mia Member', marketingConsent: true, idempotencyKey: `zone-join-${++address}`, ...(timeZone === undefined ? {} : { timeZone }) },
      { as: WEB_APP, remoteAddress: `198.51.100.${address}` },
    );
    expect(reply.statusCode, reply.body).toBe(200);
    return (reply.json() as { result: { checkoutId: string } }).result.checkoutId;
  };
  const contactZone = async (storeId: string, email: string) =>
    (await t.db.select({ timeZone: customers.timeZone }).from(customers).where(and(eq(customers.storeId, storeId), eq(customers.email, email))))[0]?.timeZone;

  it('is kept on the checkout and given to the member’s contact when paid; a later join without one keeps it', async () => {
    const store = await joinStore(t);
    const tier = await joinableTier(t, store.id);
    const checkoutId = await join(store.id, tier.id, 'tokyo@example.com', 'Asia/Tokyo');
    const [checkout] = await t.db.select({ timeZone: membershipCheckouts.timeZone }).from(membershipCheckouts).where(eq(membershipCheckouts.id, checkoutId));
    expect(checkout?.timeZone).toBe('Asia/Tokyo');
    expect(await contactZone(store.id, 'tokyo@example.com')).toBeUndefined();
    expect((await payMembership(t, checkoutId, CARDS.pays)).statusCode).toBe(303);
    expect(await contactZone(store.id, 'tokyo@example.com')).toBe('Asia/Tokyo');

    const other = await joinableTier(t, store.id);
    expect((await payMembership(t, await join(store.id, other.id, 'tokyo@example.com'), CARDS.pays)).statusCode).toBe(303);
    expect(await contactZone(store.id, 'tokyo@example.com')).toBe('Asia/Tokyo');
  });

  it('drops a zone this runtime does not know, never refusing the join', async () => {
    const store = await joinStore(t);
    const tier = await joinableTier(t, store.id);
    const checkoutId = await join(store.id, tier.id, 'nowhere@example.com', 'Mars/Olympus_Mons');
    expect((await payMembership(t, checkoutId, CARDS.pays)).statusCode).toBe(303);
    expect(await contactZone(store.id, 'nowhere@example.com')).toBeNull();
  });
});
