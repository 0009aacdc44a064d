import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkouts } from '#src/db/schema/index.ts';
import { customersOf, insertProduct, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

describe("createCheckout keeps the browser's time zone for the customer", () => {
  let t: TestApp;
  let storeId: string;
  const customerOf = async (email: string) => (await customersOf(t, storeId)).find((row) => row.email === email);

  beforeAll(async () => {
    t = await createTestApp();
    const creator = await signedInCreator(t);
    storeId = (await createStoreAs(t, creator, 'zone-prints')).id;
  });
  afterAll(() => t?.close());

  it('a lead magnet claimed from Tokyo makes a customer in Asia/Tokyo', async () => {
    const product = await insertProduct(t, storeId, { type: 'lead-magnet', priceMode: 'free', priceCents: 0 });
    await startCheckout(t, { storeId, productId: product.id, email: 'lead@example.com', marketingConsent: true, timeZone: 'Asia/Tokyo' });
    expect(await customerOf('lead@example.com')).toMatchObject({ marketingConsent: true, timeZone: 'Asia/Tokyo' });
  });

  it('a paid checkout holds the zone until the payment makes the customer; a later purchase updates it', async () => {
    const product = await insertProduct(t, storeId, { priceCents: 1500 });
    const first = await startCheckout(t, { storeId, productId: product.id, email: 'buyer@example.com', name: 'Bea', timeZone: 'Europe/Berlin' });
    const [row] = await t.db.select().from(checkouts).where(eq(checkouts.id, first.checkoutId));
    expect(row?.timeZone).toBe('Europe/Berlin');
    expect(await customerOf('buyer@example.com')).toBeUndefined();
    expect((await payWithCard(t, first.checkoutId, '4242 4242 4242 4242')).statusCode).toBe(303);
    expect(await customerOf('buyer@example.com')).toMatchObject({ timeZone: 'Europe/Berlin' });

    const second = await startCheckout(t, { storeId, productId: product.id, email: 'buyer@example.com', name: 'Bea', timeZone: 'America/Chicago' });
    await payWithCard(t, second.checkoutId, '4242 4242 4242 4242');
    expect(await customerOf('buyer@example.com')).toMatchObject({ timeZone: 'America/Chicago' });
  });

  it('a bad zone is dropped and the purchase goes through', async () => {
    const product = await insertProduct(t, storeId, { priceMode: 'free', priceCents: 0 });
    const answer = await startCheckout(t, { storeId, productId: product.id, email: 'nowhere@example.com', timeZone: 'Nowhere/Land' });
    expect(answer.orderId).toMatch(/^ord_/);
    expect(await customerOf('nowhere@example.com')).toMatchObject({ timeZone: null });
  });
});
