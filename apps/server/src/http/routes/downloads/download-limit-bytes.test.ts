import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMERCE_LIMITS } from '@shopfront/core';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { downloadTransfers } from '#src/db/schema/index.ts';
import { orderAccessUrl, signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';

/** The file: 65,536 bytes. */
const SMALL = randomBytes(65_536);
const BIG = randomBytes(20 * 1024 * 1024);

/** Starts a download over a real socket; resolves once `atLeast` bytes arrived, with a way to drop it. */
function startDownload(url: string, atLeast: number): Promise<{ received: Buffer; drop: () => void }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let resolved = false;
    const request = httpGet(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`status ${response.statusCode}`));
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (!resolved && received >= atLeast) {
          resolved = true;
          response.pause();
          resolve({ received: Buffer.concat(chunks), drop: () => request.destroy() });
        }
      });
      response.on('end', () => reject(new Error('the download finished before it was dropped')));
    });
    request.on('error', (error) => {
      if (!resolved) reject(error);
    });
  });
}

/**
 * Opens a download over a real socket and holds it once its first bytes arrived (a slow buyer);
 * `finish` lets it run to its end and gives the whole body. A refusal is read at once.
 */
function openDownload(url: string): Promise<{ status: number; finish: () => Promise<Buffer> }> {
  return new Promise((resolve, reject) => {
    httpGet(url, (response) => {
      const chunks: Buffer[] = [];
      const body = new Promise<Buffer>((done, fail) => {
        response.on('end', () => done(Buffer.concat(chunks)));
        response.on('error', fail);
      });
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        return resolve({ status, finish: () => body });
      }
      response.once('data', (chunk: Buffer) => {
        chunks.push(chunk);
        response.pause();
        resolve({ status, finish: () => (response.on('data', (more: Buffer) => chunks.push(more)).resume(), body) });
      });
    }).on('error', reject);
  });
}

/** The download limit counts bytes served per order and file, whatever the timing or the ranges. */
describe('download limit, counted in bytes served', () => {
  const setup = envWithDataDir();
  let t: TestApp;
  let shop: SeededStore;
  let product: { id: string; files: { id: string }[] };
  let origin: string;
  let newOrder: () => Promise<string>;

  beforeAll(async () => {
    t = await createTestApp({ env: setup.env });
    shop = await seedStore(t, { owner: await signedInCreator(t) });
    product = await seedProduct(t, shop.id, { files: [{ name: 'small.bin', bytes: SMALL }, { name: 'big.bin', bytes: BIG }] });
    const buyer = await seedCustomer(t, shop.id);
    newOrder = async () => (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id })).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    setup.cleanup();
  });

  const small = () => product.files[0]!.id;
  const big = () => product.files[1]!.id;
  const path = (orderId: string, fileId: string) =>
    `/api/downloads/file/${signDownloadToken(t.env, { kind: 'file', orderId, fileId, expiresAt: Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs })}`;
  const get = (orderId: string, fileId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: path(orderId, fileId), headers });
  const setLimit = async (downloadLimit: number | null) => {
    expect((await callFunction(t.app, 'setDownloadLimit', { storeId: shop.id, productId: product.id, downloadLimit }, { as: shop.owner })).statusCode).toBe(200);
  };
  const running = (orderId: string) => t.db.select().from(downloadTransfers).where(and(eq(downloadTransfers.orderId, orderId), isNull(downloadTransfers.endedAt)));
  const accessPage = async (orderId: string) =>
    (await t.app.inject({ method: 'GET', url: new URL(orderAccessUrl(t.env, orderId, new Date(Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs))).pathname })).body;

  /** Six buyers start the download at once and are all still downloading when the last one starts. */
  async function sixAtOnce(orderId: string) {
    const opened = await Promise.all(Array.from({ length: 6 }, () => openDownload(`${origin}${path(orderId, big())}`)));
    const bodies = await Promise.all(opened.map((download) => download.finish()));
    return { statuses: opened.map((download) => download.status).sort(), complete: bodies.filter((body) => Buffer.compare(body, BIG) === 0).length };
  }

  it('six downloads running together with a limit of 2: exactly two complete, four are refused', async () => {
    await setLimit(2);
    const orderId = await newOrder();
    expect(await sixAtOnce(orderId)).toEqual({ statuses: [200, 200, 403, 403, 403, 403], complete: 2 });
    expect((await get(orderId, big(), { range: 'bytes=0-0' })).statusCode).toBe(403);
  }, 60_000);

  it('the other side: with a limit of 6, six downloads running together all complete', async () => {
    await setLimit(6);
    const orderId = await newOrder();
    expect(await sixAtOnce(orderId)).toEqual({ statuses: [200, 200, 200, 200, 200, 200], complete: 6 });
    expect((await get(orderId, big(), { range: 'bytes=0-0' })).statusCode).toBe(403);
  }, 60_000);

  it('a running download holds its slot; dropped, it gives back what it did not send', async () => {
    await setLimit(1);
    const orderId = await newOrder();
    const first = await startDownload(`${origin}${path(orderId, big())}`, 64 * 1024);
    // While it runs, the one slot is taken.
    expect((await get(orderId, big(), { range: 'bytes=0-9' })).statusCode).toBe(403);
    first.drop();
    await vi.waitFor(async () => expect(await running(orderId)).toEqual([]), { timeout: 10_000 });
    const [ended] = await t.db.select().from(downloadTransfers).where(eq(downloadTransfers.orderId, orderId));
    expect(ended!.servedBytes).toBeLessThan(BIG.length);
    // The buyer starts again from the beginning, and it completes.
    const again = await get(orderId, big());
    expect(again.statusCode).toBe(200);
    expect(Buffer.compare(again.rawPayload, BIG)).toBe(0);
    expect((await get(orderId, big())).statusCode).toBe(403);
  }, 60_000);

  it('with a limit of 1, a download dropped halfway resumes with Range and completes; then the limit holds', async () => {
    await setLimit(1);
    const orderId = await newOrder();
    const first = await startDownload(`${origin}${path(orderId, big())}`, 10 * 1024 * 1024);
    first.drop();
    await vi.waitFor(async () => expect(await running(orderId)).toEqual([]), { timeout: 10_000 });
    expect(await accessPage(orderId)).toContain('1 download left');
    const rest = await get(orderId, big(), { range: `bytes=${first.received.length}-` });
    expect(rest.statusCode).toBe(206);
    expect(Buffer.compare(Buffer.concat([first.received, rest.rawPayload]), BIG)).toBe(0);
    expect((await get(orderId, big(), { range: 'bytes=0-0' })).statusCode).toBe(403);
    expect(await accessPage(orderId)).toContain('0 downloads left');
  }, 60_000);

  it('with a limit of 1, ranges that stop one byte short are counted: the second is the last served', async () => {
    await setLimit(1);
    const orderId = await newOrder();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) statuses.push((await get(orderId, small(), { range: 'bytes=0-65534' })).statusCode);
    // The first leaves one byte of the allowance, so one more response may start; nothing after it.
    expect(statuses).toEqual([206, 206, 403, 403, 403]);
    expect((await get(orderId, small(), { range: 'bytes=-1' })).statusCode).toBe(403);
    expect((await get(orderId, small())).statusCode).toBe(403);
  });

  it('the other side: a partial range then the rest of the file is one download, and a limit of 2 allows a second', async () => {
    await setLimit(2);
    const orderId = await newOrder();
    const head = await get(orderId, small(), { range: 'bytes=0-65534' });
    const tail = await get(orderId, small(), { range: 'bytes=-1' });
    expect([head.statusCode, tail.statusCode]).toEqual([206, 206]);
    expect(Buffer.compare(Buffer.concat([head.rawPayload, tail.rawPayload]), SMALL)).toBe(0);
    expect(await accessPage(orderId)).toContain('1 download left');
    expect((await get(orderId, small())).statusCode).toBe(200);
    expect((await get(orderId, small(), { range: 'bytes=0-0' })).statusCode).toBe(403);
  });

  it('downloads made while unlimited count once a limit is set', async () => {
    await setLimit(null);
    const orderId = await newOrder();
    for (let i = 0; i < 3; i += 1) expect((await get(orderId, small())).statusCode).toBe(200);
    await setLimit(3);
    expect((await get(orderId, small())).statusCode).toBe(403);
    await setLimit(4);
    expect((await get(orderId, small())).statusCode).toBe(200);
  });
});
