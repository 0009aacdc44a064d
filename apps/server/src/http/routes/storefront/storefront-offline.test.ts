import { STORE_OFFLINE_MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction, WEB_APP } from '#src/testing/call-function.ts';
import { signedInAdmin, signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore } from '#src/testing/orders.ts';
import { createStorefrontTestApp } from '#src/testing/storefront-test-app.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

let t: TestApp;
let admin: TestCreator;

beforeAll(async () => {
  t = await createStorefrontTestApp({ env: testEnv({ BIO_DOMAIN: 'bio.example' }) });
  admin = await signedInAdmin(t);
}, 120_000);
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const abuseNote = 'Counterfeit course bundles';

/** Every visitor path of one store: the SSR page, a product page, the JSON read, the callable, the SPA's members page. */
async function visitorAnswers(slug: string, productSlug: string) {
  const [page, product, json, members] = await Promise.all([get(`/${slug}`), get(`/${slug}/p/${productSlug}`), get(`/api/storefront?slug=${slug}`), get(`/${slug}/members/login`)]);
  const callable = await callFunction(t.app, 'getStorefront', { slug }, { as: WEB_APP });
  return { page, product, json, members, callable };
}

describe('an offline store', () => {
  it('answers every visitor path with "This store is offline" (503, never the reason), refuses checkout, and comes back when restored', async () => {
    const store = await seedStore(t);
    const product = await seedProduct(t, store.id);
    const productSlug = (await callFunction(t.app, 'getProduct', { storeId: store.id, productId: product.id }, { as: store.owner })).json().result.slug as string;
    // Warm the cache: the change must drop it.
    expect((await get(`/${store.slug}`)).statusCode).toBe(200);

    expect((await callFunction(t.app, 'unpublishStoreForAbuse', { storeId: store.id, reason: abuseNote }, { as: admin })).statusCode).toBe(200);
    // Each server drops its cached pages when the change's NOTIFY arrives (just after the commit).
    await expect.poll(async () => (await get(`/${store.slug}`)).statusCode, { timeout: 5_000 }).toBe(503);
    const offline = await visitorAnswers(store.slug, productSlug);
    for (const response of [offline.page, offline.product]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('3600');
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toContain(STORE_OFFLINE_MESSAGES.title);
      expect(response.body).not.toContain(abuseNote);
    }
    expect(offline.json.statusCode).toBe(503);
    expect(offline.json.json()).toEqual({ error: { status: 'UNAVAILABLE', message: STORE_OFFLINE_MESSAGES.error } });
    expect(offline.callable.statusCode).toBe(503);
    expect(offline.members.statusCode).toBe(503);
    expect(offline.members.body).not.toContain(abuseNote);
    const lookup = await callFunction(t.app, 'lookupStore', { by: 'slug', slug: store.slug }, { as: WEB_APP });
    expect(lookup.json().result).toMatchObject({ storeId: store.id, offline: true });
    expect(JSON.stringify(lookup.json())).not.toContain(abuseNote);
    const checkout = await callFunction(
      t.app,
      'createCheckout',
      { storeId: store.id, productId: product.id, name: 'Ada', email: 'ada@example.com', idempotencyKey: 'offline-check-1' },
      { as: WEB_APP },
    );
    expect(checkout.statusCode).toBe(503);
    expect(checkout.json().error.message).toBe(STORE_OFFLINE_MESSAGES.error);
    // The members area takes no sign-in or code either; after the restore it does again.
    const memberCalls = () =>
      Promise.all([
        callFunction(t.app, 'customerSignIn', { storeId: store.id, email: 'member@example.com', password: 'correct horse battery' }, { as: WEB_APP }),
        callFunction(t.app, 'sendCustomerCode', { storeId: store.id, email: 'member@example.com', type: 'signup' }, { as: WEB_APP }),
      ]);
    for (const refused of await memberCalls()) {
      expect(refused.statusCode).toBe(503);
      expect(refused.json().error.message).toBe(STORE_OFFLINE_MESSAGES.error);
    }

    await callFunction(t.app, 'restoreStore', { storeId: store.id, reason: 'Cleared' }, { as: admin });
    await expect.poll(async () => (await get(`/${store.slug}`)).statusCode, { timeout: 5_000 }).toBe(200);
    const back = await visitorAnswers(store.slug, productSlug);
    expect(back.page.statusCode).toBe(200);
    expect(back.product.statusCode).toBe(200);
    expect(back.json.statusCode).toBe(200);
    expect(back.members.statusCode).toBe(200);
    expect(back.callable.statusCode).toBe(200);
    for (const answered of await memberCalls()) expect(answered.statusCode).not.toBe(503);
  });

  it('goes offline when its owner is deactivated and back online when reactivated', async () => {
    const owner = await signedInCreator(t);
    const store = await seedStore(t, { owner });
    expect((await get(`/${store.slug}`)).statusCode).toBe(200);
    await callFunction(t.app, 'deactivateUser', { userId: owner.userId, reason: 'Chargebacks' }, { as: admin });
    await expect.poll(async () => (await get(`/${store.slug}`)).statusCode, { timeout: 5_000 }).toBe(503);
    const offline = await get(`/${store.slug}`);
    expect(offline.statusCode).toBe(503);
    expect(offline.body).toContain(STORE_OFFLINE_MESSAGES.title);
    expect(offline.body).not.toContain('Chargebacks');
    await callFunction(t.app, 'reactivateUser', { userId: owner.userId, reason: 'Resolved' }, { as: admin });
    await expect.poll(async () => (await get(`/${store.slug}`)).statusCode, { timeout: 5_000 }).toBe(200);
  });

  it('answers the offline page on its bio subdomain and verified custom domain too', async () => {
    const { storeId } = await seedStorefront(t.db, { slug: 'far-away', name: 'Far Away', bioDomain: 'far.bio.example', customDomain: 'far-away.example' });
    const onHost = (host: string) => t.app.inject({ method: 'GET', url: '/', headers: { host } });
    expect((await onHost('far.bio.example')).statusCode).toBe(200);
    expect((await onHost('far-away.example')).statusCode).toBe(200);
    await callFunction(t.app, 'unpublishStoreForAbuse', { storeId, reason: 'Phishing links' }, { as: admin });
    await expect.poll(async () => (await onHost('far.bio.example')).statusCode, { timeout: 5_000 }).toBe(503);
    for (const host of ['far.bio.example', 'www.far-away.example']) {
      const response = await onHost(host);
      expect(response.statusCode).toBe(503);
      expect(response.body).toContain(STORE_OFFLINE_MESSAGES.title);
      expect(response.body).not.toContain('Phishing links');
    }
  });

  it('still answers an unknown store with 404, not the offline page', async () => {
    const response = await get('/no-such-store-here');
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain(STORE_OFFLINE_MESSAGES.title);
  });
});
