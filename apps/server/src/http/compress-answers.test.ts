import type { LightMyRequestResponse } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callFunction } from '#src/testing/call-function.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { COMPRESS_MIN_BYTES } from './compress-answers.ts';

function decoded(response: LightMyRequestResponse): unknown {
  const raw = response.rawPayload;
  const encoding = response.headers['content-encoding'];
  const text = encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw;
  return JSON.parse(text.toString('utf8'));
}

describe('compressed function answers', () => {
  let t: TestApp;
  let store: SeededStore;
  beforeAll(async () => {
    t = await createTestApp();
    store = await seedStore(t);
    for (let index = 0; index < 12; index++) {
      await seedProduct(t.db, store.id, { slug: `compressed-${index}`, title: `A product with a long enough title ${index}` });
    }
  });
  afterAll(() => t?.close());

  const listProducts = (acceptEncoding?: string) =>
    callFunction(t.app, 'listProducts', { storeId: store.id }, { as: store.owner, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  it.each([
    { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
    { acceptEncoding: 'br', encoding: 'br' },
    { acceptEncoding: 'gzip', encoding: 'gzip' },
    { acceptEncoding: 'br;q=0, gzip', encoding: 'gzip' },
  ])('a large answer with Accept-Encoding $acceptEncoding comes back $encoding, the same JSON', async ({ acceptEncoding, encoding }) => {
    const plain = await listProducts();
    const response = await listProducts(acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(decoded(response)).toEqual(plain.json());
    expect((decoded(response) as { result: { products: unknown[] } }).result.products).toHaveLength(12);
  });

  it.each([undefined, 'identity', 'deflate'])('a large answer with Accept-Encoding %s goes uncompressed', async (acceptEncoding) => {
    const response = await listProducts(acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeGreaterThanOrEqual(COMPRESS_MIN_BYTES);
    expect((response.json() as { result: { products: unknown[] } }).result.products).toHaveLength(12);
  });

  it('a small answer is never compressed', async () => {
    const response = await callFunction(t.app, 'getStoreStats', { storeId: store.id }, { as: store.owner, headers: { 'accept-encoding': 'br, gzip' } });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.length).toBeLessThan(COMPRESS_MIN_BYTES);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ result: expect.objectContaining({ products: 12 }) });
  });

  it('an error answer is small and goes as it is', async () => {
    const response = await callFunction(t.app, 'listProducts', { storeId: store.id }, { headers: { 'accept-encoding': 'br' } });
    expect(response.statusCode).toBe(401);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toMatchObject({ error: { status: 'UNAUTHENTICATED' } });
  });
});
