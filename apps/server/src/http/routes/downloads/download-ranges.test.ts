import { randomBytes } from 'node:crypto';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadEvents } from '#src/db/schema/index.ts';
import { signDownloadToken } from '#src/domain/delivery/download-tokens.ts';
import { seedCustomer, seedOrder, seedProduct, seedStore } from '#src/testing/orders.ts';
import { startS3StandIn, type S3StandIn } from '#src/testing/s3-stand-in.ts';
import { envWithDataDir } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInCreator } from '#src/testing/creators.ts';

const BUCKET = 'range-files';
const SMALL = randomBytes(1000);
const BIG = randomBytes(20 * 1024 * 1024);

/** Reads a download over a real socket until `stopAfter` bytes arrived, then drops the connection. */
function downloadUntil(url: string, stopAfter: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let received = 0;
    const request = httpGet(url, (response) => {
      response.on('data', (chunk: Buffer) => {
        chunks.push(chunk);
        received += chunk.length;
        if (received >= stopAfter) {
          request.destroy();
          resolve(Buffer.concat(chunks));
        }
      });
      response.on('end', () => reject(new Error('the download finished before it was interrupted')));
    });
    request.on('error', (error) => {
      if (received < stopAfter) reject(error);
    });
  });
}

/** A whole download over a real socket: status, headers and body. */
function download(url: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, unknown>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    httpGet(url, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on('error', reject);
    }).on('error', reject);
  });
}

describe.each(['disk', 's3'] as const)('resumable downloads (%s storage)', (kind) => {
  let s3: S3StandIn | null = null;
  let setup: ReturnType<typeof envWithDataDir>;
  let t: TestApp;
  let order: string;
  let small: { id: string };
  let big: { id: string };
  let origin: string;

  beforeAll(async () => {
    if (kind === 's3') s3 = await startS3StandIn(BUCKET);
    setup = envWithDataDir(
      s3
        ? s3.storageEnv
        : {},
    );
    t = await createTestApp({ env: setup.env });
    const shop = await seedStore(t, { owner: await signedInCreator(t) });
    const product = await seedProduct(t, shop.id, { files: [{ name: 'small.bin', bytes: SMALL }, { name: 'big.bin', bytes: BIG }] });
    small = product.files[0]!;
    big = product.files[1]!;
    const buyer = await seedCustomer(t, shop.id);
    order = (await seedOrder(t, { storeId: shop.id, productId: product.id, customerId: buyer.id })).id;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    setup?.cleanup();
  });

  const tokenFor = (fileId: string) =>
    signDownloadToken(t.env, { kind: 'file', orderId: order, fileId, expiresAt: Date.now() + COMMERCE_LIMITS.downloadLinkTtlMs });
  const pathFor = (fileId: string) => `/api/downloads/file/${tokenFor(fileId)}`;
  const get = (fileId: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: pathFor(fileId), headers });
  const completed = async (fileId: string) =>
    (await t.db.select().from(downloadEvents).where(eq(downloadEvents.orderId, order))).filter((row) => row.fileId === fileId).length;
  const s3Gets = () => (s3 ? s3.requests.filter((line) => line.startsWith('GET ') && !line.includes('list-type')) : []);

  it('a whole download says it accepts ranges and carries a strong ETag made from the stored file', async () => {
    const response = await get(small.id);
    expect(response.statusCode).toBe(200);
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers.etag).toMatch(new RegExp(`^"${small.id}-1000-[^"]+"$`));
    expect(response.headers['last-modified']).toBeTruthy();
    expect(Buffer.compare(response.rawPayload, SMALL)).toBe(0);
    // Another link to the same file has the same ETag: it is the file's, not the token's.
    expect((await get(small.id)).headers.etag).toBe(response.headers.etag);
  });

  it.each([
    ['bytes=100-199', 100, 199],
    ['bytes=900-', 900, 999],
    ['bytes=-250', 750, 999],
    ['bytes=990-5000', 990, 999],
  ])('%s answers 206 with exactly those bytes', async (header, start, end) => {
    const before = s3Gets().length;
    const response = await get(small.id, { range: header });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes ${start}-${end}/1000`);
    expect(response.headers['content-length']).toBe(String(end - start + 1));
    expect(Buffer.compare(response.rawPayload, SMALL.subarray(start, end + 1))).toBe(0);
    // S3 is asked for the range only, never the whole object.
    if (s3) expect(s3Gets().slice(before)).toEqual([expect.stringMatching(new RegExp(`^GET \\S+/products/${small.id} range=${start}-${end}$`))]);
  });

  it('a range that starts past the end answers 416 with the file size, and counts nothing', async () => {
    const before = await completed(small.id);
    for (const header of ['bytes=1000-', 'bytes=5000-6000', 'bytes=-0']) {
      const response = await get(small.id, { range: header });
      expect(response.statusCode).toBe(416);
      expect(response.headers['content-range']).toBe('bytes */1000');
      expect(response.body).toContain(COMMERCE_MESSAGES.rangeNotSatisfiable);
    }
    expect(await completed(small.id)).toBe(before);
  });

  it('several ranges, a malformed range and another unit answer the whole file (200)', async () => {
    for (const header of ['bytes=0-9,20-29', 'bytes=abc', 'items=0-9']) {
      const response = await get(small.id, { range: header });
      expect(response.statusCode).toBe(200);
      expect(Buffer.compare(response.rawPayload, SMALL)).toBe(0);
    }
  });

  it('If-Range with the current ETag or Last-Modified keeps the range; anything else gets the whole file', async () => {
    const { etag, 'last-modified': lastModified } = (await get(small.id)).headers as { etag: string; 'last-modified': string };
    expect((await get(small.id, { range: 'bytes=10-19', 'if-range': etag })).statusCode).toBe(206);
    expect((await get(small.id, { range: 'bytes=10-19', 'if-range': lastModified })).statusCode).toBe(206);
    for (const stale of ['"file_other-1000-abc"', `W/${etag}`, 'Tue, 01 Jan 2030 00:00:00 GMT']) {
      const response = await get(small.id, { range: 'bytes=10-19', 'if-range': stale });
      expect(response.statusCode).toBe(200);
      expect(Buffer.compare(response.rawPayload, SMALL)).toBe(0);
    }
  });

  it('a range that stops short of the end is not a completed download; one that reaches it is', async () => {
    const before = await completed(small.id);
    await get(small.id, { range: 'bytes=0-499' });
    expect(await completed(small.id)).toBe(before);
    await get(small.id, { range: 'bytes=500-' });
    expect(await completed(small.id)).toBe(before + 1);
  });

  it('a 20 MB download dropped halfway and resumed with Range gives identical bytes, counted once', async () => {
    const url = `${origin}${pathFor(big.id)}`;
    const before = await completed(big.id);
    const first = await downloadUntil(url, 10 * 1024 * 1024);
    expect(first.length).toBeLessThan(BIG.length);
    const bigEtag = (await t.app.inject({ method: 'HEAD', url: pathFor(big.id) })).headers.etag as string;
    const rest = await download(url, { range: `bytes=${first.length}-`, 'if-range': bigEtag });
    expect(rest.status).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes ${first.length}-${BIG.length - 1}/${BIG.length}`);
    expect(Buffer.compare(Buffer.concat([first, rest.body]), BIG)).toBe(0);
    // The interrupted attempt counted nothing; the resume that sent the last byte counted one.
    expect(await completed(big.id)).toBe(before + 1);
  }, 60_000);
});
