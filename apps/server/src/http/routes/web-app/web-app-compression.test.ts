import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Shopfront</title><script type="module" src="/assets/main-3f9a1c.js"></script></head><body><div id="root"></div></body></html>`;
const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const STYLES = `.a{color:red}\n`.repeat(300);
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** As the web build writes them (apps/web/scripts/compress-assets.mjs): the file, `.br` and `.gz`. */
function writeAsset(dist: string, name: string, text: string) {
  const file = join(dist, 'assets', name);
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${file}.gz`, gzipSync(Buffer.from(text)));
}

function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

describe('compressed web app answers', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-web-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    writeAsset(dist, 'main-3f9a1c.js', SCRIPT);
    writeAsset(dist, 'main-77d2e0.css', STYLES);
    t = await createTestApp({ webDistDir: dist, env: testEnv({ PRODUCT_HOSTS: 'shop.example.com,localhost' }) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

  describe.each([
    { url: '/assets/main-3f9a1c.js', text: SCRIPT, type: /^text\/javascript|^application\/javascript/ },
    { url: '/assets/main-77d2e0.css', text: STYLES, type: /^text\/css/ },
  ])('$url', ({ url, text, type }) => {
    it.each([
      { acceptEncoding: 'gzip, deflate, br, zstd', encoding: 'br' },
      { acceptEncoding: 'br', encoding: 'br' },
      { acceptEncoding: 'gzip', encoding: 'gzip' },
      { acceptEncoding: undefined, encoding: undefined },
      { acceptEncoding: 'identity', encoding: undefined },
    ])('Accept-Encoding $acceptEncoding answers $encoding', async ({ acceptEncoding, encoding }) => {
      const response = await get(url, acceptEncoding);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers.vary).toMatch(/accept-encoding/i);
      expect(response.headers['content-type']).toMatch(type);
      expect(response.headers['cache-control']).toBe(IMMUTABLE);
      expect(decoded(response.rawPayload, encoding)).toBe(text);
      if (encoding) expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(text) / 4);
    });
  });

  it('answers the file itself when the build wrote no compressed copy', async () => {
    writeFileSync(join(dist, 'assets', 'tiny-0a1b2c.js'), 'export{};');
    const response = await get('/assets/tiny-0a1b2c.js', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.body).toBe('export{};');
  });

  it.each([
    { acceptEncoding: 'br', encoding: 'br' },
    { acceptEncoding: 'gzip', encoding: 'gzip' },
    { acceptEncoding: undefined, encoding: undefined },
  ])('the SPA shell with Accept-Encoding $acceptEncoding answers $encoding, config injected', async ({ acceptEncoding, encoding }) => {
    const response = await get('/dashboard', acceptEncoding);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.headers['cache-control']).toBe('no-cache');
    const html = decoded(response.rawPayload, encoding);
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script type="application/json" id=');
  });
});
