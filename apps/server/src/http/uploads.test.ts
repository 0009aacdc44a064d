import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cookieHeader, TRUSTED } from '../functions/auth/auth-test-support.ts';
import { createStoreAs, envWithDataDir, signedInCreator, type TestCreator } from '../functions/stores/store-test-support.ts';
import { createTestApp, type TestApp } from '../testing/test-app.ts';
import { AVATAR_MAX_BYTES, UPLOAD_MESSAGES } from './uploads.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function png(size: number): Buffer {
  const bytes = Buffer.alloc(size, 7);
  Buffer.from(PNG_MAGIC).copy(bytes);
  return bytes;
}

describe('POST /api/stores/:storeId/avatar and GET /files/:storeId/:name', () => {
  let t: TestApp;
  let cleanup: () => void;
  let owner: TestCreator;
  let stranger: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    const setup = envWithDataDir();
    cleanup = setup.cleanup;
    t = await createTestApp({ env: setup.env });
    owner = await signedInCreator(t);
    stranger = await signedInCreator(t);
    storeId = (await createStoreAs(t, owner, 'pic-shop')).id;
    strangerStore = (await createStoreAs(t, stranger, 'other-pic-shop')).id;
  });
  afterAll(async () => {
    await t?.close();
    cleanup?.();
  });

  const upload = (id: string, body: Buffer, headers: Record<string, string>, type = 'image/png') =>
    t.app.inject({ method: 'POST', url: `/api/stores/${id}/avatar`, headers: { 'content-type': type, ...headers }, payload: body });

  it('stores an image of exactly 2 MB and serves it back with safe headers', async () => {
    const body = png(AVATAR_MAX_BYTES);
    const response = await upload(storeId, body, owner.headers);
    expect(response.statusCode).toBe(201);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/files/${storeId}/avatar-[0-9a-f]{24}\\.png$`));

    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.rawPayload.equals(body)).toBe(true);
  });

  it('refuses 2 MB + 1 byte with 413', async () => {
    const response = await upload(storeId, png(AVATAR_MAX_BYTES + 1), owner.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('trusts the bytes, not the declared type: names the file by what it is, refuses what is no image', async () => {
    const gif = Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(20)]);
    const asPng = await upload(storeId, gif, owner.headers, 'image/png');
    expect(asPng.json().url).toMatch(/\.gif$/);
    const served = await t.app.inject({ method: 'GET', url: asPng.json().url });
    expect(served.headers['content-type']).toBe('image/gif');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const [body, type] of [[svg, 'image/png'], [svg, 'image/svg+xml'], [png(100), 'text/html'], [Buffer.alloc(0), 'image/png']] as const) {
      const response = await upload(storeId, body, owner.headers, type);
      expect([response.statusCode, response.json().error.message]).toEqual([400, UPLOAD_MESSAGES.notImage]);
    }
  });

  it('answers a foreign store exactly like a missing one, and refuses anonymous callers', async () => {
    const foreign = await upload(strangerStore, png(100), owner.headers);
    const missing = await upload('store_doesnotexist00000', png(100), owner.headers);
    expect(foreign.statusCode).toBe(404);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
    const anonymous = await upload(storeId, png(100), {});
    expect([anonymous.statusCode, anonymous.json().error.message]).toEqual([401, MESSAGES.stores.unauthenticated]);
  });

  it('checks the Origin of cookie-authenticated uploads (SECURITY)', async () => {
    const cookie = cookieHeader(owner.token);
    expect((await upload(storeId, png(100), cookie)).statusCode).toBe(403);
    expect((await upload(storeId, png(100), { ...cookie, origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await upload(storeId, png(100), { ...cookie, ...TRUSTED })).statusCode).toBe(201);
  });

  it('serves nothing outside the files it stored', async () => {
    for (const url of [
      `/files/${storeId}/avatar-000000000000000000000000.png`,
      `/files/${storeId}/..%2F..%2Fetc%2Fpasswd`,
      `/files/..%2F${storeId}/x.png`,
      `/files/${storeId}/avatar.svg`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
