import { COMMERCE_LIMITS } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { payWithCard, startCheckout } from '#src/testing/checkout.ts';
import { manualClock } from '#src/testing/clock.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

const A = Buffer.from('first file');
const B = Buffer.from('second, longer file');

describe('getCheckoutStatus: the thank-you page’s download buttons', () => {
  const setup = envWithDataDir();
  const clock = manualClock();
  let t: TestApp;
  let shop: SeededStore;
  let product: Awaited<ReturnType<typeof seedProduct>>;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env, now: clock.now });
    // The creator's session is made on the test's clock, or it has expired by 2030.
    shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    product = await seedProduct(t, shop.id, { title: 'Brush pack', files: [{ name: 'brushes.zip', bytes: A }, { name: 'guide.pdf', bytes: B }] });
  });
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const status = async (checkoutId: string) => (await callFunction(t.app, 'getCheckoutStatus', { checkoutId })).json().result;
  const paidCheckout = async () => {
    const { checkoutId } = await startCheckout(t, { storeId: shop.id, productId: product.id });
    expect((await status(checkoutId)).files).toEqual([]);
    expect((await payWithCard(t, checkoutId, '4242 4242 4242 4242')).statusCode).toBe(303);
    return checkoutId;
  };
  const get = (url: string) => t.app.inject({ method: 'GET', url: url.replace(TEST_PUBLIC_URL, '') });

  it('offers nothing before payment, then every file bought with a working link', async () => {
    const checkoutId = await paidCheckout();
    const { files } = await status(checkoutId);
    expect(files.map((file: { name: string; sizeBytes: number; downloadsLeft: number | null }) => [file.name, file.sizeBytes, file.downloadsLeft])).toEqual([
      ['brushes.zip', A.length, null],
      ['guide.pdf', B.length, null],
    ]);
    const downloaded = await get(files[1].url);
    expect(downloaded.statusCode).toBe(200);
    expect(downloaded.rawPayload.equals(B)).toBe(true);
  });

  it('follows the download limit: no link once a file has none left', async () => {
    await callFunction(t.app, 'setDownloadLimit', { storeId: shop.id, productId: product.id, downloadLimit: 1 }, { as: shop.owner });
    const checkoutId = await paidCheckout();
    const first = await status(checkoutId);
    expect(first.files.map((file: { downloadsLeft: number }) => file.downloadsLeft)).toEqual([1, 1]);
    expect((await get(first.files[0].url)).statusCode).toBe(200);
    const after = await status(checkoutId);
    expect(after.files[0]).toMatchObject({ name: 'brushes.zip', url: null, downloadsLeft: 0 });
    expect(after.files[1]).toMatchObject({ name: 'guide.pdf', downloadsLeft: 1 });
    expect(after.files[1].url).toMatch(/\/api\/downloads\/file\//);
    await callFunction(t.app, 'setDownloadLimit', { storeId: shop.id, productId: product.id, downloadLimit: null }, { as: shop.owner });
  });

  it('offers them for a day after the order, not a moment longer, and never for a refunded order', async () => {
    const checkoutId = await paidCheckout();
    clock.advance(COMMERCE_LIMITS.thankYouDownloadsMs);
    expect((await status(checkoutId)).files).toHaveLength(2);
    clock.advance(1);
    expect(await status(checkoutId)).toMatchObject({ status: 'completed', files: [] });

    const refunded = await paidCheckout();
    await t.db.update(orders).set({ status: 'refunded', refundedAt: clock.now() }).where(eq(orders.checkoutId, refunded));
    expect(await status(refunded)).toMatchObject({ status: 'completed', files: [] });
  });
});
