import { MESSAGES } from '@shopfront/core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoStoresWithFiles } from '#src/testing/stores.ts';
import type { TestApp } from '#src/testing/test-app.ts';
import { AVATAR_MAX_BYTES, IMAGE_MAX_BYTES, UPLOAD_MESSAGES } from './uploads.ts';
import type { TestCreator } from '#src/testing/creators.ts';
import { cookieHeader, TRUSTED } from '#src/testing/call-function.ts';

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A real image; `padTo` appends bytes after its end (decoders ignore them) to hit an exact size. */
async function image(width: number, height: number, format: 'png' | 'jpeg' | 'gif' = 'png', padTo?: number): Promise<Buffer> {
  let pipeline = sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  if (format === 'jpeg') pipeline = pipeline.withMetadata({ exif: { IFD0: { Copyright: 'secret-owner', Artist: 'Ivy' } } });
  const bytes = await pipeline.toFormat(format).toBuffer();
  return padTo ? Buffer.concat([bytes, Buffer.alloc(padTo - bytes.length, 0)]) : bytes;
}

describe('POST /api/stores/:storeId/avatar, POST /api/stores/:storeId/images and GET /files/:storeId/:name', () => {
  let fixture: Awaited<ReturnType<typeof twoStoresWithFiles>>;
  let t: TestApp;
  let owner: TestCreator;
  let storeId: string;
  let strangerStore: string;

  beforeAll(async () => {
    fixture = await twoStoresWithFiles('pic-shop');
    ({ t, owner, storeId, strangerStore } = fixture);
  });
  afterAll(() => fixture?.close());

  const upload = (id: string, body: Buffer, headers: Record<string, string>, type = 'image/png', route = 'avatar') =>
    t.app.inject({ method: 'POST', url: `/api/stores/${id}/${route}`, headers: { 'content-type': type, ...headers }, payload: body });
  const served = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    return { response, meta: await sharp(response.rawPayload).metadata() };
  };

  it('takes an avatar of exactly 2 MB, serves it as a 400×400 WebP with safe headers', async () => {
    const response = await upload(storeId, await image(900, 600, 'png', AVATAR_MAX_BYTES), owner.headers);
    expect(response.statusCode).toBe(201);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/files/${storeId}/avatar-[0-9a-f]{24}\\.webp$`));

    const { response: file, meta } = await served(url);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
  });

  it('refuses an avatar of 2 MB + 1 byte with 413', async () => {
    const response = await upload(storeId, await image(100, 100, 'png', AVATAR_MAX_BYTES + 1), owner.headers);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.message).toBe(UPLOAD_MESSAGES.tooLarge);
  });

  it('trusts the bytes, not the declared type, and refuses what does not decode as an image', async () => {
    const gifAsPng = await upload(storeId, await image(50, 50, 'gif'), owner.headers, 'image/png');
    expect(gifAsPng.statusCode).toBe(201);
    expect((await served(gifAsPng.json().url)).meta.format).toBe('webp');

    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    const fakePng = Buffer.concat([Buffer.from(PNG_MAGIC), Buffer.alloc(200, 7)]);
    const cases = [[svg, 'image/png'], [svg, 'image/svg+xml'], [await image(10, 10), 'text/html'], [Buffer.alloc(0), 'image/png'], [fakePng, 'image/png']] as const;
    for (const [body, type] of cases) {
      const response = await upload(storeId, body, owner.headers, type);
      expect([response.statusCode, response.json().error.message]).toEqual([400, UPLOAD_MESSAGES.notImage]);
    }
  });

  it('resizes a cover to 1200 px wide as WebP and strips its metadata', async () => {
    const jpeg = await image(3000, 2000, 'jpeg');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const response = await upload(storeId, jpeg, owner.headers, 'image/jpeg', 'images');
    expect(response.statusCode).toBe(201);
    const { url } = response.json() as { url: string };
    expect(url).toMatch(new RegExp(`^/files/${storeId}/image-[0-9a-f]{24}\\.webp$`));
    const { response: file, meta } = await served(url);
    expect(file.headers['content-type']).toBe('image/webp');
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 1200, 800]);
    expect(meta.exif).toBeUndefined();
    expect(file.rawPayload.includes('secret-owner')).toBe(false);
  });

  it('never enlarges a small cover', async () => {
    const response = await upload(storeId, await image(300, 200), owner.headers, 'image/png', 'images');
    const { meta } = await served(response.json().url);
    expect([meta.width, meta.height]).toEqual([300, 200]);
  });

  it('takes a cover of exactly 5 MB and refuses 5 MB + 1 byte with 413', async () => {
    expect((await upload(storeId, await image(800, 600, 'png', IMAGE_MAX_BYTES), owner.headers, 'image/png', 'images')).statusCode).toBe(201);
    const over = await upload(storeId, await image(800, 600, 'png', IMAGE_MAX_BYTES + 1), owner.headers, 'image/png', 'images');
    expect([over.statusCode, over.json().error.message]).toEqual([413, UPLOAD_MESSAGES.imageTooLarge]);
  });

  it.each(['avatar', 'images'])('%s: answers a foreign store exactly like a missing one, and refuses anonymous callers', async (route) => {
    const png = await image(20, 20);
    const foreign = await upload(strangerStore, png, owner.headers, 'image/png', route);
    const missing = await upload('store_doesnotexist00000', png, owner.headers, 'image/png', route);
    expect(foreign.statusCode).toBe(404);
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({ status: missing.statusCode, body: missing.json() });
    const anonymous = await upload(storeId, png, {}, 'image/png', route);
    expect([anonymous.statusCode, anonymous.json().error.message]).toEqual([401, MESSAGES.stores.unauthenticated]);
  });

  it.each(['avatar', 'images'])('%s: checks the Origin of cookie-authenticated uploads (SECURITY)', async (route) => {
    const png = await image(20, 20);
    const cookie = cookieHeader(owner.token);
    expect((await upload(storeId, png, cookie, 'image/png', route)).statusCode).toBe(403);
    expect((await upload(storeId, png, { ...cookie, origin: 'https://evil.example' }, 'image/png', route)).statusCode).toBe(403);
    expect((await upload(storeId, png, { ...cookie, ...TRUSTED }, 'image/png', route)).statusCode).toBe(201);
  });

  it('serves nothing outside the images it stored (product files included)', async () => {
    for (const url of [
      `/files/${storeId}/avatar-000000000000000000000000.webp`,
      `/files/${storeId}/..%2F..%2Fetc%2Fpasswd`,
      `/files/..%2F${storeId}/x.png`,
      `/files/${storeId}/avatar.svg`,
      `/files/${storeId}/products`,
      `/files/${storeId}/products%2Ffile_x`,
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
    }
  });
});
