import { COMMERCE_LIMITS, COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEvents, orders } from '#src/db/schema/index.ts';
import { fileDownloadUrl, orderAccessUrl, signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

const UPLOADED = Buffer.concat([Buffer.from('%PDF-1.7\n<script>alert(1)</script>\n'), Buffer.from([0, 1, 2, 254, 255])]);

describe('delivery routes', () => {
  const clock = manualClock(new Date('2030-03-10T09:00:00.000Z'));
  const files = envWithDataDir();
  let t: TestApp;
  let order: string;
  let refundedOrder: string;
  let otherOrder: string;
  let file: { id: string; name: string };
  let second: { id: string };
  let otherFile: { id: string };
  let foreignStoreFile: { id: string };
  let store: { slug: string; name: string };

  beforeAll(async () => {
    t = await createTestApp({ env: files.env, now: clock.now });
    const shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    store = shop;
    const product = await seedProduct(t, shop.id, {
      title: 'Riso Zine',
      files: [
        { name: 'Zine «final» "v2".pdf', bytes: UPLOADED },
        { name: 'bonus.zip', bytes: Buffer.alloc(2048, 7) },
      ],
    });
    file = product.files[0]!;
    second = product.files[1]!;
    const otherProduct = await seedProduct(t, shop.id, { files: [{ name: 'other.pdf', bytes: Buffer.from('other') }] });
    otherFile = otherProduct.files[0]!;
    const buyer = await seedCustomer(t, shop.id, { name: 'Ada' });
    order = (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id, productTitle: 'Riso Zine', createdAt: new Date('2030-03-01T10:00:00Z') })).id;
    refundedOrder = (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id, status: 'refunded' })).id;
    otherOrder = (await seedOrder(t, { storeId: shop.id, productId: otherProduct.id, customerId: buyer.id })).id;
    const foreign = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
    foreignStoreFile = (await seedProduct(t, foreign.id, { files: [{ name: 'f.pdf', bytes: Buffer.from('f') }] })).files[0]!;
  });
  afterAll(async () => {
    await t?.close();
    files.cleanup();
  });

  const soon = () => new Date(clock.now().getTime() + COMMERCE_LIMITS.downloadLinkTtlMs);
  const pathOf = (url: string) => new URL(url).pathname;
  const get = (path: string) => t.app.inject({ method: 'GET', url: path });
  const fileToken = (orderId: string, fileId: string, expiresAt = soon()) => signDownloadToken(t.env, { kind: 'file', orderId, fileId, expiresAt: expiresAt.getTime() });
  const downloads = async (orderId: string) => (await t.db.select().from(downloadEvents).where(eq(downloadEvents.orderId, orderId))).length;

  describe('GET /api/downloads/file/:token', () => {
    it('serves the exact bytes as an attachment that never renders inline, and counts the download', async () => {
      const before = await downloads(order);
      const response = await get(pathOf(fileDownloadUrl(t.env, order, file.id, soon())));
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.equals(UPLOADED)).toBe(true);
      expect(response.headers['content-type']).toBe('application/octet-stream');
      expect(response.headers['content-length']).toBe(String(UPLOADED.length));
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="Zine final _v2_.pdf"; filename*=UTF-8''Zine%20%C2%ABfinal%C2%BB%20%22v2%22.pdf`,
      );
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(await downloads(order)).toBe(before + 1);

      await get(pathOf(fileDownloadUrl(t.env, order, second.id, soon())));
      expect(await downloads(order)).toBe(before + 2);
    });

    it('a HEAD (a mail scanner checking the link) is not counted as a download', async () => {
      const before = await downloads(order);
      const response = await t.app.inject({ method: 'HEAD', url: `/api/downloads/file/${fileToken(order, file.id)}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-length']).toBe(String(UPLOADED.length));
      expect(response.rawPayload.length).toBe(0);
      expect(await downloads(order)).toBe(before);
    });

    it('works until its last millisecond, then answers 410 “link expired” and counts nothing', async () => {
      const expiresAt = new Date(clock.now().getTime() + 1000);
      const token = fileToken(order, file.id, expiresAt);
      clock.advance(999);
      expect((await get(`/api/downloads/file/${token}`)).statusCode).toBe(200);
      clock.advance(1);
      const before = await downloads(order);
      const expired = await get(`/api/downloads/file/${token}`);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain(escapeText(COMMERCE_MESSAGES.linkExpired));
      expect(await downloads(order)).toBe(before);
    });

    it('a tampered token, another order’s file and another store’s file all answer the same 404', async () => {
      const good = fileToken(order, file.id);
      const tampered = `${good.slice(0, -2)}${good.endsWith('AA') ? 'AB' : 'AA'}`;
      const otherProductsFile = fileToken(order, otherFile.id);
      const foreignStore = fileToken(order, foreignStoreFile.id);
      const orderTokenOnFileRoute = signDownloadToken(t.env, { kind: 'order', orderId: order, expiresAt: soon().getTime() });
      const answers = await Promise.all([tampered, otherProductsFile, foreignStore, orderTokenOnFileRoute, 'nonsense'].map((token) => get(`/api/downloads/file/${token}`)));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(404);
        expect(answer.body).toBe(answers[0]!.body);
      }
      expect(answers[0]!.body).toContain(COMMERCE_MESSAGES.fileNotFound);
      // The other order really owns its file: the same file with its own order is served.
      expect((await get(`/api/downloads/file/${fileToken(otherOrder, otherFile.id)}`)).statusCode).toBe(200);
    });

    it('a refunded order serves nothing: 410 “access revoked”', async () => {
      const response = await get(`/api/downloads/file/${fileToken(refundedOrder, file.id)}`);
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain(escapeText(COMMERCE_MESSAGES.accessRevoked));
      expect(await downloads(refundedOrder)).toBe(0);
    });
  });

  describe('GET /api/downloads/:token (the receipt’s order access page)', () => {
    const receiptLink = (orderId: string) => pathOf(orderAccessUrl(t.env, orderId, new Date(clock.now().getTime() + COMMERCE_LIMITS.receiptLinkTtlMs)));

    it('lists the order and each file with a working 15-minute link, on a phone-friendly page with no script', async () => {
      const response = await get(receiptLink(order));
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(response.headers['cache-control']).toBe('private, no-store');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      const html = response.body;
      expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
      expect(html).not.toContain('<script');
      expect(html).toContain(escapeText(store.name));
      expect(html).toContain('Riso Zine');
      expect(html).toContain('March 1, 2030');
      expect(html).toContain('Zine «final» &quot;v2&quot;.pdf');
      expect(html).toContain('2.0 KB');
      expect(html).toContain(`href="http://localhost:3000/${store.slug}/members"`);

      const links = [...html.matchAll(/href="(http:\/\/localhost:3000\/api\/downloads\/file\/[^"]+)"/g)].map((m) => m[1]!);
      expect(links).toHaveLength(2);
      const first = await get(pathOf(links[0]!));
      expect(first.statusCode).toBe(200);
      expect(first.rawPayload.equals(UPLOADED)).toBe(true);

      clock.advance(COMMERCE_LIMITS.downloadLinkTtlMs);
      expect((await get(pathOf(links[1]!))).statusCode).toBe(410);
      // The same access page mints fresh links.
      const fresh = [...(await get(receiptLink(order))).body.matchAll(/href="http:\/\/localhost:3000(\/api\/downloads\/file\/[^"]+)"/g)].map((m) => m[1]!);
      expect((await get(fresh[1]!)).statusCode).toBe(200);
    });

    it('a refunded order’s page says access was revoked (410) and offers no file link', async () => {
      const response = await get(receiptLink(refundedOrder));
      expect(response.statusCode).toBe(410);
      expect(response.body).toContain(escapeText(COMMERCE_MESSAGES.accessRevoked));
      expect(response.body).not.toContain('/api/downloads/file/');
    });

    it('an expired access link answers 410 and a forged one 404, both as readable pages', async () => {
      const expired = signDownloadToken(t.env, { kind: 'order', orderId: order, expiresAt: clock.now().getTime() });
      const expiredPage = await get(`/api/downloads/${expired}`);
      expect(expiredPage.statusCode).toBe(410);
      expect(expiredPage.body).toContain('This access link has expired');
      const forged = await get(`/api/downloads/${expired.slice(0, -3)}xyz`);
      expect(forged.statusCode).toBe(404);
      expect(forged.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(forged.body).toContain('This link is not valid');
    });

    it('a link product shows its external link', async () => {
      const shop = await seedStore(t, { owner: await signedInCreator(t, { now: clock.now() }) });
      const product = await seedProduct(t, shop.id, { type: 'link', title: 'Course', externalUrl: 'https://course.example.com/welcome?a=1&b=2' });
      const buyer = await seedCustomer(t, shop.id);
      const linkOrder = (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id, amountCents: 0 })).id;
      const response = await get(receiptLink(linkOrder));
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('href="https://course.example.com/welcome?a=1&amp;b=2"');
    });
  });

  it('refunding through the order row revokes both routes at once', async () => {
    await t.db.update(orders).set({ status: 'refunded' }).where(eq(orders.id, otherOrder));
    expect((await get(`/api/downloads/file/${fileToken(otherOrder, otherFile.id)}`)).statusCode).toBe(410);
  });
});

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}
