import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { MESSAGES, RESUMABLE_UPLOAD_MESSAGES, type CreatorLesson, type Product } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAppJobRunner } from '#src/app-jobs.ts';
import { scheduleSweepUploads } from '#src/domain/uploads/sweep-uploads-job.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { jobs, productFiles } from '#src/db/schema/index.ts';
import { TRANSCODE_VIDEO_KIND } from '#src/domain/courses/video/transcode-video-job.ts';
import { storageFromEnv } from '#src/files/storage-from-env.ts';
import { cookieHeader, errorOf, TRUSTED } from '#src/testing/call-function.ts';
import { courseWithLesson } from '#src/testing/course-editor.ts';
import { createProductAs } from '#src/testing/products.ts';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import { RESUMABLE_UPLOAD_EXPIRY_MS } from '#src/files/resumable-store.ts';
import { PRODUCT_FILE_MESSAGES } from '../uploads/product-files.ts';
import { tusClient } from './resumable-testing.ts';

const LIMIT = 64 * 1024;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads (tus) on disk', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let tus: ReturnType<typeof tusClient>;
  let owner: Record<string, string>;
  let stranger: Record<string, string>;
  let storeId: string;
  const unfinished = () => readdirSync(join(fixture.dataDir, 'resumable-uploads'));

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('resumable-shop', { PRODUCT_FILE_MAX_BYTES: String(LIMIT) });
    tus = tusClient(fixture.t.app);
    ({ storeId } = fixture);
    owner = fixture.owner.headers;
    stranger = fixture.stranger.headers;
  });
  afterAll(() => fixture?.close());

  const newUpload = async (bytes: number, productId: string, as = owner) => {
    const created = await tus.create(as, bytes, { kind: 'productFile', storeId, parentId: productId, filename: 'Guide – final.pdf', filetype: 'application/pdf' });
    expect(created.statusCode).toBe(201);
    return created.headers.location as string;
  };

  it('takes a file in two PATCHes, answers the offset in between, and records the same row as the single PUT', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const bytes = randomBytes(40_000);
    const location = await newUpload(bytes.length, product.id);
    expect(location).toMatch(/^\/api\/uploads\/resumable\/[0-9a-f]{32}$/);

    expect((await tus.patch(owner, location, 0, bytes.subarray(0, 15_000))).headers['upload-offset']).toBe('15000');
    const head = await tus.head(owner, location);
    expect([head.statusCode, head.headers['upload-offset'], head.headers['upload-length']]).toEqual([200, '15000', '40000']);

    const last = await tus.patch(owner, location, 15_000, bytes.subarray(15_000));
    expect(last.statusCode).toBe(200);
    const updated = last.json() as Product;
    expect(updated.files).toEqual([{ id: expect.stringMatching(/^file_/), name: 'Guide – final.pdf', sizeBytes: bytes.length, contentType: 'application/pdf', createdAt: expect.any(String) }]);
    const [row] = await fixture.t.db.select().from(productFiles).where(eq(productFiles.id, updated.files[0]!.id));
    expect(row).toMatchObject({ storageKey: `${storeId}/products/${row!.id}`, sha256: sha256(bytes), sizeBytes: bytes.length });
    expect((await storageFromEnv(fixture.t.env).get(row!.storageKey))?.equals(bytes)).toBe(true);
    // Finished: nothing is left of the unfinished upload, and its id answers like any unknown one.
    expect(unfinished().filter((name) => location.endsWith(name.replace(/\.json$/, '')))).toEqual([]);
    expect((await tus.head(owner, location)).statusCode).toBe(404);
  });

  it('answers every tus request with the security headers of the rest of the API', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const location = await newUpload(10, product.id);
    for (const answer of [await tus.head(owner, location), await tus.patch(owner, location, 0, randomBytes(4))]) {
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['content-security-policy']).toContain("object-src 'none'");
      expect(answer.headers['x-frame-options']).toBe('SAMEORIGIN');
    }
  });

  it('resumes from the offset the server has after a PATCH that stopped short', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const bytes = randomBytes(30_000);
    const location = await newUpload(bytes.length, product.id);
    await tus.patch(owner, location, 0, bytes.subarray(0, 12_345));
    // A client that lost its connection asks where to go on, and a PATCH from elsewhere is refused.
    const offset = Number((await tus.head(owner, location)).headers['upload-offset']);
    expect(offset).toBe(12_345);
    expect((await tus.patch(owner, location, 0, bytes)).statusCode).toBe(409);
    const resumed = await tus.patch(owner, location, offset, bytes.subarray(offset));
    expect(resumed.statusCode).toBe(200);
    const [row] = await fixture.t.db.select().from(productFiles).where(eq(productFiles.productId, product.id));
    expect(row?.sha256).toBe(sha256(bytes));
  });

  it('refuses a file over the limit at creation, and never stores more than the declared length', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const tooBig = await tus.create(owner, LIMIT + 1, { kind: 'productFile', storeId, parentId: product.id, filename: 'big.zip', filetype: '' });
    expect(tooBig.statusCode).toBe(413);
    expect(errorOf(tooBig).message).toBe(PRODUCT_FILE_MESSAGES.tooLarge(LIMIT));
    const atLimit = await newUpload(LIMIT, product.id);
    expect(atLimit).toBeTruthy();

    const location = await newUpload(10, product.id);
    const over = await tus.patch(owner, location, 0, randomBytes(20));
    expect(over.statusCode).toBe(413);
    expect(Number((await tus.head(owner, location)).headers['upload-offset'])).toBeLessThanOrEqual(10);
    expect(await fixture.t.db.select().from(productFiles).where(eq(productFiles.productId, product.id))).toEqual([]);
  });

  it('refuses an empty file, a missing length and an unknown kind at creation', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const target = { storeId, parentId: product.id, filename: 'a.pdf', filetype: '' };
    expect(errorOf(await tus.create(owner, 0, { kind: 'productFile', ...target })).message).toBe(PRODUCT_FILE_MESSAGES.empty);
    expect(errorOf(await tus.create(owner, null, { kind: 'productFile', ...target })).message).toBe(RESUMABLE_UPLOAD_MESSAGES.lengthRequired);
    expect((await tus.create(owner, 5, { kind: 'avatar', ...target })).statusCode).toBe(400);
  });

  it("answers another creator's upload id exactly like an id that does not exist", async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const location = await newUpload(100, product.id);
    const missing = location.replace(/[0-9a-f]{32}$/, '0'.repeat(32));
    for (const request of [
      (at: string) => tus.head(stranger, at),
      (at: string) => tus.patch(stranger, at, 0, Buffer.alloc(100)),
      (at: string) => tus.remove(stranger, at),
    ]) {
      const foreign = await request(location);
      const unknown = await request(missing);
      expect([foreign.statusCode, foreign.body]).toEqual([unknown.statusCode, unknown.body]);
      expect(foreign.statusCode).toBe(404);
    }
    expect(errorOf(await tus.patch(stranger, location, 0, Buffer.alloc(100))).message).toBe(RESUMABLE_UPLOAD_MESSAGES.notFound);
    // The owner's upload is untouched, and a stranger cannot start one into the owner's product either.
    expect((await tus.head(owner, location)).headers['upload-offset']).toBe('0');
    expect((await tus.create(stranger, 10, { kind: 'productFile', storeId, parentId: product.id, filename: 'x', filetype: '' })).statusCode).toBe(404);
  });

  it('refuses the signed-out, and a cookie without a trusted Origin on every request that writes', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const metadata = { kind: 'productFile' as const, storeId, parentId: product.id, filename: 'x.pdf', filetype: '' };
    const signedOut = await tus.create({}, 10, metadata);
    expect([signedOut.statusCode, errorOf(signedOut).message]).toEqual([401, MESSAGES.stores.unauthenticated]);

    const cookie = cookieHeader(fixture.owner.token);
    expect((await tus.create(cookie, 10, metadata)).statusCode).toBe(403);
    const created = await tus.create({ ...cookie, ...TRUSTED }, 10, metadata);
    expect(created.statusCode).toBe(201);
    const location = created.headers.location as string;
    expect((await tus.patch(cookie, location, 0, Buffer.alloc(10))).statusCode).toBe(403);
    expect((await tus.patch({ ...cookie, origin: 'https://evil.example' }, location, 0, Buffer.alloc(10))).statusCode).toBe(403);
    expect((await tus.remove(cookie, location)).statusCode).toBe(403);
    // A same-origin HEAD carries no Origin in browsers; it only reads the owner's offset.
    expect((await tus.head(cookie, location)).headers['upload-offset']).toBe('0');
    expect((await tus.patch({ ...cookie, ...TRUSTED }, location, 0, Buffer.alloc(10))).statusCode).toBe(200);
  });

  it('cancels an upload: DELETE removes what was received', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const location = await newUpload(100, product.id);
    await tus.patch(owner, location, 0, Buffer.alloc(50));
    expect((await tus.remove(owner, location)).statusCode).toBe(204);
    expect((await tus.head(owner, location)).statusCode).toBe(404);
    const id = location.split('/').pop()!;
    expect(existsSync(join(fixture.dataDir, 'resumable-uploads', id))).toBe(false);
  });

  it("makes a finished upload the lesson's video and queues its transcode job", async () => {
    const shop = { owner: fixture.owner, storeId };
    const { lessonId } = await courseWithLesson(fixture.t, shop);
    const created = await tus.create(owner, 2_000, { kind: 'lessonVideo', storeId, parentId: lessonId, filename: 'lesson.mp4', filetype: 'video/mp4' });
    const location = created.headers.location as string;
    await tus.patch(owner, location, 0, randomBytes(1_000));
    const done = await tus.patch(owner, location, 1_000, randomBytes(1_000));
    expect(done.statusCode).toBe(200);
    const lesson = done.json() as CreatorLesson;
    expect(lesson.video).toMatchObject({ name: 'lesson.mp4', sizeBytes: 2_000, status: 'queued' });
    const [job] = await fixture.t.db.select().from(jobs).where(and(eq(jobs.kind, TRANSCODE_VIDEO_KIND), eq(jobs.idempotencyKey, `${TRANSCODE_VIDEO_KIND}:${lesson.video!.assetId}`)));
    expect(job?.payload).toEqual({ assetId: lesson.video!.assetId, storeId });

    const file = await tus.create(owner, 5, { kind: 'lessonFile', storeId, parentId: lessonId, filename: 'sheet.pdf', filetype: 'application/pdf' });
    const recorded = await tus.patch(owner, file.headers.location as string, 0, Buffer.from('hello'));
    expect((recorded.json() as CreatorLesson).files.map((item) => item.name)).toEqual(['sheet.pdf']);
  });

  it('keeps what arrived before a dropped connection, and the upload goes on from there', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const bytes = randomBytes(60_000);
    const location = await newUpload(bytes.length, product.id);
    const address = await fixture.t.app.listen({ port: 0, host: '127.0.0.1' }).then(() => fixture.t.app.server.address() as AddressInfo);
    // A real socket: half the body, then the connection is gone (the train enters the tunnel).
    const dropped = httpRequest({
      host: '127.0.0.1',
      port: address.port,
      method: 'PATCH',
      path: location,
      headers: { ...owner, 'tus-resumable': '1.0.0', 'upload-offset': '0', 'content-type': 'application/offset+octet-stream', 'content-length': String(bytes.length) },
    });
    dropped.on('error', () => undefined);
    dropped.write(bytes.subarray(0, 30_000));
    // The bytes reached the disk before the connection went (a HEAD now would end the PATCH itself).
    const partial = join(fixture.dataDir, 'resumable-uploads', location.split('/').pop()!);
    await vi.waitFor(() => expect(statSync(partial).size).toBe(30_000));
    dropped.destroy();
    await vi.waitFor(async () => expect((await tus.head(owner, location)).headers['upload-offset']).toBe('30000'));
    const offset = 30_000;
    const resumed = await tus.patch(owner, location, offset, bytes.subarray(offset));
    expect(resumed.statusCode).toBe(200);
    const [row] = await fixture.t.db.select().from(productFiles).where(eq(productFiles.productId, product.id));
    expect(row?.sha256).toBe(sha256(bytes));
  });

  it('sweeps an upload left unfinished past its expiry in the hourly job, and keeps a younger one', async () => {
    const product = await createProductAs(fixture.t, fixture.owner, storeId);
    const [old, young] = [await newUpload(100, product.id), await newUpload(100, product.id)];
    const info = join(fixture.dataDir, 'resumable-uploads', `${old.split('/').pop()!}.json`);
    const written = JSON.parse(readFileSync(info, 'utf8')) as { creation_date: string };
    writeFileSync(info, JSON.stringify({ ...written, creation_date: new Date(Date.now() - RESUMABLE_UPLOAD_EXPIRY_MS - 60_000).toISOString() }));
    const now = new Date();
    await scheduleSweepUploads(fixture.t.db, new Date(now.getTime() - 60 * 60 * 1000));
    await createAppJobRunner({ env: fixture.t.env, db: fixture.t.db, log: silentLog, now: () => new Date(now.getTime() + 60 * 60 * 1000) }).runDue();
    expect((await tus.head(owner, old)).statusCode).toBe(404);
    expect((await tus.head(owner, young)).headers['upload-offset']).toBe('0');
  });
});
