import { createHash, randomBytes } from 'node:crypto';
import type { Product } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFiles } from '#src/db/schema/index.ts';
import { createResumableStore } from '#src/files/resumable-store.ts';
import { signedInCreator, type TestCreator } from '#src/testing/creators.ts';
import { createProductAs } from '#src/testing/products.ts';
import { startS3StandIn, type S3StandIn } from '#src/testing/s3-stand-in.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { resumableUploadRoutes } from './resumable-upload-routes.ts';
import { tusClient } from './resumable-testing.ts';

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

describe('resumable uploads on S3-compatible storage (local stand-in)', () => {
  let s3: S3StandIn;
  let t: TestApp;
  let otherServer: ReturnType<typeof Fastify>;
  let owner: TestCreator;
  let storeId: string;

  beforeAll(async () => {
    s3 = await startS3StandIn('shop-files');
    const env = testEnv(s3.storageEnv);
    t = await createTestApp({ env });
    owner = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'resumable-s3')).id;
    // Another server of the same deployment: same database and bucket, its own process memory.
    otherServer = Fastify();
    await otherServer.register(resumableUploadRoutes, { env, db: t.db, now: () => new Date(), store: createResumableStore(env) });
    await otherServer.ready();
  });
  afterAll(async () => {
    await otherServer?.close();
    await t?.close();
    await s3?.close();
  });

  it('starts an upload on one server, resumes it on another, and stores the finished file at its product-file key', async () => {
    const product = await createProductAs(t, owner, storeId);
    const bytes = randomBytes(50_000);
    const here = tusClient(t.app);
    const there = tusClient(otherServer);
    const created = await here.create(owner.headers, bytes.length, { kind: 'productFile', storeId, parentId: product.id, filename: 'notes.pdf', filetype: 'application/pdf' });
    const location = created.headers.location as string;
    expect((await here.patch(owner.headers, location, 0, bytes.subarray(0, 20_000))).statusCode).toBe(204);

    expect((await there.head(owner.headers, location)).headers['upload-offset']).toBe('20000');
    const done = await there.patch(owner.headers, location, 20_000, bytes.subarray(20_000));
    expect(done.statusCode).toBe(200);
    const fileId = (done.json() as Product).files[0]!.id;
    const [row] = await t.db.select().from(productFiles).where(eq(productFiles.id, fileId));
    expect(row).toMatchObject({ storageKey: `${storeId}/products/${fileId}`, sha256: sha256(bytes), sizeBytes: bytes.length });
    expect(s3.objects.get(row!.storageKey)?.equals(bytes)).toBe(true);
    // Nothing of the unfinished upload is left in the bucket: no object, no .info, no .part, no open multipart upload.
    const id = location.split('/').pop()!;
    expect([...s3.objects.keys()].filter((key) => key.startsWith(id))).toEqual([]);
    expect(s3.openUploads()).toBe(0);
  });

  it("refuses another creator's upload id on the other server too", async () => {
    const product = await createProductAs(t, owner, storeId);
    const stranger = await signedInCreator(t);
    const created = await tusClient(t.app).create(owner.headers, 10, { kind: 'productFile', storeId, parentId: product.id, filename: 'x', filetype: '' });
    const location = created.headers.location as string;
    const foreign = await tusClient(otherServer).patch(stranger.headers, location, 0, Buffer.alloc(10));
    expect(foreign.statusCode).toBe(404);
    expect((await tusClient(otherServer).head(owner.headers, location)).headers['upload-offset']).toBe('0');
  });
});
