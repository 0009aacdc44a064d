import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { MESSAGES, PRODUCT_LIMITS, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { productFiles, stores } from '#src/db/schema/index.ts';
import { startS3StandIn, type S3StandIn } from '#src/testing/s3-stand-in.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { createProductAs, uploadFile } from '#src/testing/products.ts';
import { createStoreAs, envWithDataDir, twoStoresWithFiles } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { PRODUCT_FILE_MESSAGES } from './product-files.ts';
import { callFunction, cookieHeader, errorOf, seen, TRUSTED } from '#src/testing/call-function.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('PUT /api/stores/:storeId/products/:productId/files', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let t: TestApp;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('file-shop');
    ({ t, owner, stranger, storeId, strangerStore } = fixture);
  });
  afterAll(() => fixture?.close());

  it('streams a 5 MB file to storage, keeps its size and sha256, and answers the product', async () => {
    const product = await createProductAs(t, owner, storeId);
    const bytes = randomBytes(5 * 1024 * 1024 + 123);
    const response = await uploadFile(t, owner, { storeId, productId: product.id }, Readable.from([bytes.subarray(0, 1_000_000), bytes.subarray(1_000_000)]), {
      'x-file-name': encodeURIComponent('Guide – final.pdf'),
    });
    expect(response.statusCode).toBe(201);
    const updated = response.json() as Product;
    expect(updated.files).toEqual([
      { id: expect.stringMatching(/^file_/), name: 'Guide – final.pdf', sizeBytes: bytes.length, contentType: 'application/pdf', createdAt: expect.any(String) },
    ]);
    const got = await callFunction(t.app, 'getProduct', { storeId, productId: product.id }, { as: owner });
    expect(got.json().result).toEqual(updated);

    const [row] = await t.db.select().from(productFiles).where(eq(productFiles.id, updated.files[0]!.id));
    expect(row).toMatchObject({ storageKey: `${storeId}/products/${row!.id}`, sha256: sha256(bytes), sizeBytes: bytes.length });
    const stored = await storageFromEnv(t.env).getStream(row!.storageKey);
    expect(stored?.sizeBytes).toBe(bytes.length);
    expect((await readAll(stored!.stream)).equals(bytes)).toBe(true);
  });

  it('lets a digital download be published once it has a file, and bumps the store version on upload', async () => {
    const product = await createProductAs(t, owner, storeId);
    const version = async () => (await t.db.select().from(stores).where(eq(stores.id, storeId)))[0]!.version;
    const before = await version();
    expect((await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.from('hello'))).statusCode).toBe(201);
    expect(await version()).toBeGreaterThan(before);
    const published = await callFunction(t.app, 'updateProduct', { storeId, productId: product.id, status: 'published' }, { as: owner });
    expect(published.json().result.status).toBe('published');
  });

  it('refuses a non-owner before reading the body: the reply comes while the body never ends', async () => {
    const product = await createProductAs(t, owner, storeId);
    const neverEnds = new PassThrough();
    neverEnds.write(Buffer.alloc(1024));
    const foreign = await uploadFile(t, stranger, { storeId, productId: product.id }, neverEnds, { 'content-length': String(50 * 1024 ** 2) });
    const missing = await uploadFile(t, stranger, { storeId: 'store_doesnotexist0000000', productId: product.id }, Buffer.from('x'));
    expect(foreign.statusCode).toBe(404);
    expect(seen(foreign)).toEqual(seen(missing));
    expect(errorOf(foreign).message).toBe(MESSAGES.stores.notFound);
    neverEnds.destroy();
    expect(await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);

    const anonymous = await uploadFile(t, null, { storeId, productId: product.id }, Buffer.from('x'));
    expect([anonymous.statusCode, errorOf(anonymous).message]).toEqual([401, MESSAGES.stores.unauthenticated]);
  });

  it('over a real socket, refuses a non-owner and an oversized declared body before any byte is sent', async () => {
    const product = await createProductAs(t, owner, storeId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const headersOnly = (who: TestCreator, length: number) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const client = request(`${address}/api/stores/${storeId}/products/${product.id}/files`, {
          method: 'PUT',
          headers: { ...who.headers, 'content-type': 'application/zip', 'content-length': String(length) },
        });
        client.on('response', (response) => {
          let body = '';
          response.on('data', (chunk: Buffer) => (body += chunk.toString()));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
        });
        client.on('error', reject);
        client.flushHeaders(); // the headers go out; the body never does
      });
    const stranger404 = await headersOnly(stranger, 100 * 1024 ** 2);
    expect([stranger404.status, JSON.parse(stranger404.body).error.message]).toEqual([404, MESSAGES.stores.notFound]);
    const tooBig = await headersOnly(owner, t.env.storage.productFileMaxBytes + 1);
    expect([tooBig.status, JSON.parse(tooBig.body).error.message]).toEqual([413, PRODUCT_FILE_MESSAGES.tooLarge(t.env.storage.productFileMaxBytes)]);
    expect(JSON.parse(tooBig.body).error.message).toBe('Files must be 512 MB or smaller.');
  });

  it("answers another store's product exactly like a missing product", async () => {
    const theirs = await createProductAs(t, stranger, strangerStore);
    const foreign = await uploadFile(t, owner, { storeId, productId: theirs.id }, Buffer.from('x'));
    const missing = await uploadFile(t, owner, { storeId, productId: 'prd_doesnotexist000000000' }, Buffer.from('x'));
    expect([foreign.statusCode, errorOf(foreign).message]).toEqual([404, PRODUCT_MESSAGES.productNotFound]);
    expect(seen(foreign)).toEqual(seen(missing));
    // Nor through the owner's own store id with the stranger's store in the path.
    const cross = await uploadFile(t, owner, { storeId: strangerStore, productId: theirs.id }, Buffer.from('x'));
    expect(cross.statusCode).toBe(404);
  });

  it('checks the Origin of cookie-authenticated uploads', async () => {
    const product = await createProductAs(t, owner, storeId);
    const cookie = cookieHeader(owner.token);
    const path = { storeId, productId: product.id };
    expect((await uploadFile(t, null, path, Buffer.from('x'), cookie)).statusCode).toBe(403);
    expect((await uploadFile(t, null, path, Buffer.from('x'), { ...cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await uploadFile(t, null, path, Buffer.from('x'), { ...cookie, ...TRUSTED })).statusCode).toBe(201);
  });

  it('accepts files only on downloads (digital and lead magnets) that are not archived, and refuses empty files', async () => {
    const link = await createProductAs(t, owner, storeId, { type: 'link', priceMode: 'free', externalUrl: 'https://example.com' });
    const onLink = await uploadFile(t, owner, { storeId, productId: link.id }, Buffer.from('x'));
    expect([onLink.statusCode, errorOf(onLink).message]).toEqual([400, PRODUCT_MESSAGES.onlyDownloadsHaveFiles]);
    const leadMagnet = await createProductAs(t, owner, storeId, { type: 'lead-magnet', priceMode: 'free' });
    expect((await uploadFile(t, owner, { storeId, productId: leadMagnet.id }, Buffer.from('guide'))).statusCode).toBe(201);
    const product = await createProductAs(t, owner, storeId);
    const empty = await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.alloc(0));
    expect([empty.statusCode, errorOf(empty).message]).toEqual([400, PRODUCT_FILE_MESSAGES.empty]);
    expect(await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);
  });

  it('names files safely: the last path segment, no control or bidi characters, at most 200 characters', async () => {
    const product = await createProductAs(t, owner, storeId);
    const names: [string | undefined, string][] = [
      [encodeURIComponent('../../etc/passwd'), 'passwd'],
      [encodeURIComponent('C:\\Users\\ivy\\zine.pdf'), 'zine.pdf'],
      [encodeURIComponent('evil\u202Efdp.exe'), 'evilfdp.exe'],
      [encodeURIComponent('.hidden'), 'hidden'],
      ['%E0%A4%A', '%E0%A4%A'],
      [undefined, 'file'],
      [encodeURIComponent(`${'n'.repeat(300)}.pdf`), `${'n'.repeat(196)}.pdf`],
    ];
    for (const [header, expected] of names) {
      const headers: Record<string, string> = header === undefined ? {} : { 'x-file-name': header };
      const response = await t.app.inject({
        method: 'PUT',
        url: `/api/stores/${storeId}/products/${product.id}/files`,
        headers: { ...owner.headers, 'content-type': 'application/octet-stream', ...headers },
        payload: Buffer.from('x'),
      });
      expect(response.statusCode, String(header)).toBe(201);
      expect((response.json() as Product).files.at(-1)!.name).toBe(expected);
    }
  });

  it('accepts a body without Content-Type, stored as application/octet-stream', async () => {
    const product = await createProductAs(t, owner, storeId);
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${storeId}/products/${product.id}/files`,
      headers: { ...owner.headers, 'x-file-name': 'data.bin' },
      payload: Buffer.from('raw bytes'),
    });
    expect(response.statusCode).toBe(201);
    expect((response.json() as Product).files[0]).toMatchObject({ name: 'data.bin', sizeBytes: 9, contentType: 'application/octet-stream' });
  });

  it(`keeps ${PRODUCT_LIMITS.filesPerProduct} files per product and refuses the next`, async () => {
    const product = await createProductAs(t, owner, storeId);
    for (let index = 0; index < PRODUCT_LIMITS.filesPerProduct; index += 1) {
      const response = await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.from(`file ${index}`));
      expect(response.statusCode).toBe(201);
    }
    const over = await uploadFile(t, owner, { storeId, productId: product.id }, Buffer.from('one more'));
    expect([over.statusCode, errorOf(over).message]).toEqual([400, PRODUCT_MESSAGES.tooManyFiles]);
  });
});

describe('product file size limit (PRODUCT_FILE_MAX_BYTES)', () => {
  const LIMIT = 64 * 1024;
  let t: TestApp;
  let dataDir: string;
  let cleanup: () => void;
  let owner: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    const setup = envWithDataDir({ PRODUCT_FILE_MAX_BYTES: String(LIMIT) });
    cleanup = setup.cleanup;
    dataDir = setup.dataDir;
    t = await createTestApp({ env: setup.env });
    owner = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'small-files')).id;
  });
  afterAll(async () => {
    await t?.close();
    cleanup?.();
  });

  const storedNames = () => {
    const directory = join(dataDir, 'files', storeId, 'products');
    return existsSync(directory) ? readdirSync(directory).sort() : [];
  };

  it('accepts exactly the limit and refuses one byte more with 413 and a clear message', async () => {
    const product = await createProductAs(t, owner, storeId);
    const path = { storeId, productId: product.id };
    expect((await uploadFile(t, owner, path, randomBytes(LIMIT))).statusCode).toBe(201);
    const over = await uploadFile(t, owner, path, randomBytes(LIMIT + 1));
    expect([over.statusCode, errorOf(over).message]).toEqual([413, 'Files must be 0.06 MB or smaller.']);
    expect(errorOf(over).message).toBe(PRODUCT_FILE_MESSAGES.tooLarge(LIMIT));
  });

  it('stores nothing when the client goes away mid-upload (real socket)', async () => {
    const product = await createProductAs(t, owner, storeId);
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const temporaryFiles = () => storedNames().filter((name) => name.endsWith('.tmp'));
    const before = storedNames();
    const client = request(`${address}/api/stores/${storeId}/products/${product.id}/files`, {
      method: 'PUT',
      headers: { ...owner.headers, 'content-type': 'application/pdf', 'content-length': String(LIMIT) },
    });
    client.on('error', () => undefined);
    client.write(randomBytes(LIMIT / 2));
    await vi.waitFor(() => expect(temporaryFiles()).toHaveLength(1), { timeout: 5000 });
    client.destroy();
    await vi.waitFor(() => expect(temporaryFiles()).toEqual([]), { timeout: 5000 });
    expect(await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);
    expect(storedNames()).toEqual(before);
  });

  it('stops a body without Content-Length as soon as it passes the limit, and stores nothing', async () => {
    const product = await createProductAs(t, owner, storeId);
    const before = storedNames();
    const chunks = Readable.from((function* () {
      for (let index = 0; index < 10; index += 1) yield randomBytes(LIMIT / 4);
    })());
    const over = await uploadFile(t, owner, { storeId, productId: product.id }, chunks);
    expect(over.statusCode).toBe(413);
    expect(await t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);
    // No partial or temporary file is left on disk.
    expect(storedNames()).toEqual(before);
  });
});

describe('product files and images on S3-compatible storage (FILE_STORAGE=s3, local stand-in)', () => {
  let t: TestApp;
  let s3: S3StandIn;
  let owner: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    s3 = await startS3StandIn('shop-files');
    const env = testEnv(s3.storageEnv);
    t = await createTestApp({ env });
    owner = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 's3-shop')).id;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('uploads into the bucket under the server-built key, and deleting the product removes it', async () => {
    const product = await createProductAs(t, owner, storeId);
    const bytes = randomBytes(300_000);
    const response = await uploadFile(t, owner, { storeId, productId: product.id }, bytes);
    expect(response.statusCode).toBe(201);
    const fileId = (response.json() as Product).files[0]!.id;
    const key = `${storeId}/products/${fileId}`;
    expect(s3.objects.get(key)?.equals(bytes)).toBe(true);
    const [row] = await t.db.select().from(productFiles).where(eq(productFiles.id, fileId));
    expect(row!.sha256).toBe(sha256(bytes));

    expect((await callFunction(t.app, 'deleteProduct', { storeId, productId: product.id }, { as: owner })).json().result).toEqual({ deleted: true, archived: false });
    expect(s3.objects.has(key)).toBe(false);
  });

  it('serves uploaded images from the bucket', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#ff0000' } }).png().toBuffer();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/stores/${storeId}/images`,
      headers: { ...owner.headers, 'content-type': 'image/png' },
      payload: png,
    });
    const { url } = response.json() as { url: string };
    expect(s3.objects.has(url.replace('/files/', ''))).toBe(true);
    const served = await t.app.inject({ method: 'GET', url });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'image/webp']);
  });
});
