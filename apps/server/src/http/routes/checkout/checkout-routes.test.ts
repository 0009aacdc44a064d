import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { checkouts, processedWebhookEvents } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { insertProduct, ordersOf, payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { callFunction } from '#src/testing/call-function.ts';

/** The built-in test provider's card page (the flows through it are in functions/checkout/create-checkout.test.ts). */
describe('GET/POST /api/checkout/test/:checkoutId', () => {
  let t: TestApp;
  let store: { id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    store = await createStoreAs(t, await signedInCreator(t), 'page-shop');
  });
  afterAll(() => t?.close());

  it('the test card page shows the checkout, labelled test mode, and 404s unknown and expired ids', async () => {
    const product = await insertProduct(t, store.id, { title: 'Sticker <Set>', priceCents: 999 });
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    const page = await t.app.inject({ url: `/api/checkout/test/${checkoutId}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('TEST MODE — no real money moves');
    expect(page.body).toContain('Sticker &lt;Set&gt;');
    expect(page.body).toContain('$9.99');
    // The page's only stylesheet is inline, allowed by its exact hash (no 'unsafe-inline').
    const style = /<style>([\s\S]*?)<\/style>/.exec(page.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style, 'utf8').digest('base64');
    expect(page.headers['content-security-policy']).toContain(`style-src 'sha256-${hash}'`);
    expect(page.headers['content-security-policy']).not.toContain('unsafe-inline');
    expect(page.body).not.toMatch(/<script|<link|https?:\/\/(?!localhost)/);
    expect((await t.app.inject({ url: '/api/checkout/test/chk_doesnotexist0000000' })).statusCode).toBe(404);
    await t.db.update(checkouts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(checkouts.id, checkoutId));
    expect((await t.app.inject({ url: `/api/checkout/test/${checkoutId}` })).statusCode).toBe(404);
    expect((await payWithCard(t, checkoutId, '4242424242424242')).statusCode).toBe(404);
    expect((await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result.status).toBe('expired');
  });

  it('refuses a pay form posted from another site', async () => {
    const product = await insertProduct(t, store.id);
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    expect((await payWithCard(t, checkoutId, '4242424242424242', { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === checkoutId)).toBe(false);
    const processed = await t.db.select().from(processedWebhookEvents).where(eq(processedWebhookEvents.eventId, `test_${checkoutId}`));
    expect(processed).toEqual([]);
  });

  it('refuses a non-form body and pays nothing', async () => {
    const product = await insertProduct(t, store.id);
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/checkout/test/${checkoutId}`,
      headers: { 'content-type': 'application/json', origin: t.env.publicUrl },
      payload: JSON.stringify({ cardNumber: '4242424242424242' }),
    });
    expect([400, 415]).toContain(reply.statusCode);
    expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === checkoutId)).toBe(false);
  });
});

describe('the test card page when the test provider is off', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('is 404 for an existing open test checkout, and cannot be paid', async () => {
    const store = await createStoreAs(t, await signedInCreator(t), 'off-shop');
    const product = await insertProduct(t, store.id);
    const { checkoutId } = await startCheckout(t, { storeId: store.id, productId: product.id });
    // The same database, served by a server where the operator turned test payments off.
    const off = await buildApp({ env: testEnv({ TEST_PAYMENTS: 'off' }), db: t.db });
    try {
      expect((await off.inject({ url: `/api/checkout/test/${checkoutId}` })).statusCode).toBe(404);
      const paid = await off.inject({
        method: 'POST',
        url: `/api/checkout/test/${checkoutId}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: t.env.publicUrl },
        payload: 'cardNumber=4242424242424242',
      });
      expect(paid.statusCode).toBe(404);
      expect((await ordersOf(t, store.id)).some((order) => order.checkoutId === checkoutId)).toBe(false);
    } finally {
      await off.close();
    }
  });
});
