import { COMMERCE_LIMITS, COMMERCE_MESSAGES, PRODUCT_MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderAccessUrl, signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { callFunction, seen } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const BYTES = Buffer.alloc(4096, 9);

describe('per-order download limit', () => {
  const setup = envWithDataDir();
  let t: TestApp;
  let shop: SeededStore;
  let product: { id: string; files: { id: string }[] };
  let newOrder: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env });
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    product = await seedProduct(t, shop.id, { files: [{ name: 'a.bin', bytes: BYTES }, { name: 'b.bin', bytes: BYTES }] });
    const buyer = await seedCustomer(t, shop.id);
    newOrder = async () => (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id })).id;
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const url = (orderId: string, fileId = product.files[0]!.id) =>
    `/api/downloads/file/${signDownloadToken(t.env, { kind: 'file', orderId, fileId, expiresAt: Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs })}`;
  const download = (orderId: string, headers: Record<string, string> = {}, fileId?: string) => t.app.inject({ method: 'GET', url: url(orderId, fileId), headers });
  const setLimit = (downloadLimit: number | null, as = shop.owner, productId = product.id) =>
    callFunction(t.app, 'setDownloadLimit', { storeId: shop.id, productId, downloadLimit }, { as });

  it('is unlimited by default', async () => {
    expect(seen(await callFunction(t.app, 'getDownloadLimit', { storeId: shop.id, productId: product.id }, { as: shop.owner }))).toMatchObject({
      status: 200,
      body: { result: { downloadLimit: null } },
    });
    const orderId = await newOrder();
    for (let i = 0; i < 5; i += 1) expect((await download(orderId)).statusCode).toBe(200);
  });

  it('allows exactly the limit of completed downloads per file, then answers 403 with the message', async () => {
    expect(seen(await setLimit(2))).toMatchObject({ status: 200, body: { result: { downloadLimit: 2 } } });
    const orderId = await newOrder();
    expect((await download(orderId)).statusCode).toBe(200);
    expect((await download(orderId)).statusCode).toBe(200);
    const refused = await download(orderId);
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain(COMMERCE_MESSAGES.downloadLimitReached.replace(/'/g, '&#39;'));
    // Ranges are refused too once the limit is reached; each file has its own count.
    expect((await download(orderId, { range: 'bytes=0-9' })).statusCode).toBe(403);
    expect((await download(orderId, {}, product.files[1]!.id)).statusCode).toBe(200);
  });

  it('shows the buyer how many downloads are left on the access page, and no link at the limit', async () => {
    await setLimit(2);
    const orderId = await newOrder();
    const accessPage = async () =>
      (await t.app.inject({ method: 'GET', url: new URL(orderAccessUrl(t.env, orderId, new Date(Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs))).pathname })).body;
    expect((await accessPage()).match(/2 downloads left/g)).toHaveLength(2);
    await download(orderId);
    const afterOne = await accessPage();
    expect(afterOne).toContain('1 download left');
    expect(afterOne).toContain('2 downloads left');
    await download(orderId);
    const atLimit = await accessPage();
    expect(atLimit).toContain('0 downloads left');
    expect(atLimit).toContain('Limit reached');
    expect(atLimit.match(/aria-label="Download /g)).toHaveLength(1);
    await setLimit(null);
    expect(await accessPage()).not.toContain('downloads left');
  });

  it('counts neither a range that stops short of the end nor a HEAD', async () => {
    await setLimit(1);
    const orderId = await newOrder();
    for (let i = 0; i < 3; i += 1) expect((await download(orderId, { range: 'bytes=0-99' })).statusCode).toBe(206);
    expect((await t.app.inject({ method: 'HEAD', url: url(orderId) })).statusCode).toBe(200);
    expect((await download(orderId)).statusCode).toBe(200);
    expect((await download(orderId)).statusCode).toBe(403);
  });

  it('raising the limit or clearing it gives existing orders their downloads back', async () => {
    await setLimit(1);
    const orderId = await newOrder();
    await download(orderId);
    expect((await download(orderId)).statusCode).toBe(403);
    await setLimit(3);
    expect((await download(orderId)).statusCode).toBe(200);
    await setLimit(null);
    expect((await download(orderId)).statusCode).toBe(200);
  });

  it('refuses limits below 1 or above the maximum, and changes nothing', async () => {
    await setLimit(4);
    for (const bad of [0, -1, 1.5, COMMERCE_LIMITS.downloadLimitMax + 1]) {
      expect(seen(await setLimit(bad))).toMatchObject({ status: 400, body: { error: { message: expect.stringContaining(COMMERCE_MESSAGES.downloadLimitInvalid) } } });
    }
    expect(seen(await setLimit(COMMERCE_LIMITS.downloadLimitMax))).toMatchObject({ status: 200 });
    expect(seen(await setLimit(1))).toMatchObject({ status: 200 });
  });

  it('another store’s product answers exactly like a missing one, for reading and for setting', async () => {
    const stranger = await seedStore(t, { owner: await signedInCreator(t) });
    const foreign = await seedProduct(t, stranger.id);
    const missing = 'prd_00000000000000000000';
    const answers = await Promise.all(
      [foreign.id, missing].flatMap((productId) => [
        callFunction(t.app, 'setDownloadLimit', { storeId: shop.id, productId, downloadLimit: 1 }, { as: shop.owner }),
        callFunction(t.app, 'getDownloadLimit', { storeId: shop.id, productId }, { as: shop.owner }),
      ]),
    );
    for (const answer of answers) {
      expect(seen(answer)).toMatchObject({ status: 404, body: { error: { message: PRODUCT_MESSAGES.productNotFound } } });
    }
    // And a stranger cannot set the limit of this store's product.
    expect(seen(await setLimit(1, stranger.owner))).toMatchObject({ status: 404 });
  });
});
