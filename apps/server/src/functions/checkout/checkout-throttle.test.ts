import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { throttleCheckout } from '#src/domain/checkout/throttle-checkout.ts';
import { DEFAULT_CHECKOUT_LIMITS } from '#src/env/payments-env.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { checkoutsOf, insertProduct, newKey } from '#src/testing/checkout.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

/** A fixed clock in the middle of a minute window, so every call of a test counts in one window. */
const NOW = new Date('2026-06-01T12:00:20Z');

describe('createCheckout rate limits (per client address, per store)', () => {
  let t: TestApp;
  let storeId: string;
  let productId: string;
  let otherStoreId: string;
  let otherProductId: string;

  beforeAll(async () => {
    // The product's defaults per address; a small store budget so its edge is cheap to reach.
    t = await createTestApp({
      now: () => NOW,
      env: {
        ...testEnv({ CHECKOUT_LIMIT_PER_IP_PER_MINUTE: String(DEFAULT_CHECKOUT_LIMITS.perIpPerMinute), CHECKOUT_LIMIT_PER_STORE_PER_MINUTE: '30' }),
        trustProxy: ['127.0.0.1'],
      },
    });
    const creator = await signedInCreator(t, { now: NOW });
    storeId = (await createStoreAs(t, creator, 'flash-shop')).id;
    productId = (await insertProduct(t, storeId, { priceCents: 1500 })).id;
    const other = await signedInCreator(t, { email: 'other-owner@example.com', now: NOW });
    otherStoreId = (await createStoreAs(t, other, 'calm-shop')).id;
    otherProductId = (await insertProduct(t, otherStoreId, { priceCents: 900 })).id;
  });
  afterAll(() => t?.close());

  const buy = (ip: string, store = { storeId: '', productId: '' }) =>
    callFunction(
      t.app,
      'createCheckout',
      { storeId: store.storeId || storeId, productId: store.productId || productId, name: 'Ada Buyer', email: 'ada@example.com', idempotencyKey: newKey() },
      { headers: { 'x-forwarded-for': ip } },
    );

  it('lets one address start 20 checkouts a minute and refuses the 21st with 429, the message and Retry-After', async () => {
    const before = (await checkoutsOf(t, otherStoreId)).length;
    for (let index = 0; index < DEFAULT_CHECKOUT_LIMITS.perIpPerMinute; index++) {
      expect((await buy('198.51.100.1', { storeId: otherStoreId, productId: otherProductId })).statusCode).toBe(200);
    }
    const refused = await buy('198.51.100.1', { storeId: otherStoreId, productId: otherProductId });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error).toMatchObject({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.verification.tooManyRequests });
    // 12:00:20 in a one-minute window: 40 s until it ends.
    expect(refused.headers['retry-after']).toBe('40');
    expect((await checkoutsOf(t, otherStoreId)).length).toBe(before + DEFAULT_CHECKOUT_LIMITS.perIpPerMinute);
    // Another address (the client address behind the trusted proxy) is not affected.
    expect((await buy('198.51.100.2', { storeId: otherStoreId, productId: otherProductId })).statusCode).toBe(200);
  });

  it("holds the store's budget across addresses: 30 pass, the 31st is refused, other stores go on", async () => {
    for (let index = 0; index < 30; index++) expect((await buy(`203.0.113.${index + 1}`)).statusCode).toBe(200);
    const refused = await buy('203.0.113.200');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(MESSAGES.verification.tooManyRequests);
    expect(refused.headers['retry-after']).toBe('40');
    expect((await checkoutsOf(t, storeId)).length).toBe(30);
    expect((await buy('203.0.113.201', { storeId: otherStoreId, productId: otherProductId })).statusCode).toBe(200);
  });

  it('counts the socket address when the sender is no configured proxy (a forged X-Forwarded-For changes nothing)', async () => {
    const app = await createTestApp({ now: () => NOW, env: testEnv({ CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '2' }) });
    try {
      const creator = await signedInCreator(app, { now: NOW });
      const shop = (await createStoreAs(app, creator, 'forge-shop')).id;
      const product = (await insertProduct(app, shop, { priceCents: 500 })).id;
      const call = (ip: string) =>
        callFunction(app.app, 'createCheckout', { storeId: shop, productId: product, name: 'Eve', email: 'eve@example.com', idempotencyKey: newKey() }, { headers: { 'x-forwarded-for': ip } });
      expect((await call('192.0.2.1')).statusCode).toBe(200);
      expect((await call('192.0.2.2')).statusCode).toBe(200);
      expect((await call('192.0.2.3')).statusCode).toBe(429);
    } finally {
      await app.close();
    }
  });

  it('a flash sale with the default budget: 2,000 checkouts from 1,000 addresses within seconds all pass the throttle', { timeout: 120_000 }, async () => {
    const limits = DEFAULT_CHECKOUT_LIMITS;
    const attempts = Array.from({ length: 2000 }, (_, index) => ({ ip: `10.${Math.floor(index / 500)}.${(index % 500) >> 1}.7`, index }));
    const refusals: unknown[] = [];
    for (let start = 0; start < attempts.length; start += 50) {
      const batch = attempts.slice(start, start + 50);
      const results = await Promise.allSettled(batch.map(({ ip }) => throttleCheckout(t.db, { ip, storeId: 'store_flash_sale', now: NOW, limits })));
      refusals.push(...results.filter((result) => result.status === 'rejected'));
    }
    expect(refusals).toEqual([]);
    // The rest of the default 3,000 a minute passes too; the 3,001st is refused.
    let refusedAt = -1;
    for (let index = 2000; index < limits.perStorePerMinute && refusedAt < 0; index++) {
      await throttleCheckout(t.db, { ip: `10.200.${index >> 8}.${index & 255}`, storeId: 'store_flash_sale', now: NOW, limits }).catch(() => {
        refusedAt = index;
      });
    }
    expect(refusedAt).toBe(-1);
    await expect(throttleCheckout(t.db, { ip: '10.250.0.1', storeId: 'store_flash_sale', now: NOW, limits })).rejects.toMatchObject({
      code: 'resource-exhausted',
    });
  });
});
