import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { MESSAGES, SESSION_BOOT_ELEMENT_ID } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { callFunction } from '#src/testing/call-function.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';

const INDEX_HTML = `<!doctype html><html><head><title>Shopfront</title></head><body><div id="root"></div></body></html>`;
const BOOT = new RegExp(`<script type="application/json" id="${SESSION_BOOT_ELEMENT_ID}">(.*?)</script>`);

/** The session answer a document carries, parsed; undefined when it carries none. */
function bootOf(html: string): unknown {
  const match = BOOT.exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('the dashboard document carries the session answer', () => {
  let dist: string;
  let t: TestApp;
  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'shopfront-session-boot-'));
    writeFileSync(join(dist, 'index.html'), INDEX_HTML);
    t = await createTestApp({ webDistDir: dist, env: testEnv({ PRODUCT_HOSTS: 'localhost' }) });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  const dashboard = (cookie?: string, url = '/dashboard') => t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });

  it('holds exactly what getCurrentUser answers for the same cookie, on a page no shared cache keeps', async () => {
    const creator = await signedInCreator(t);
    const cookie = `sf_session=${creator.token}`;
    const response = await dashboard(cookie, '/dashboard/products');
    expect(response.statusCode).toBe(200);
    const viaCall = await callFunction(t.app, 'getCurrentUser', {}, { as: creator });
    expect(bootOf(response.body)).toEqual({ result: viaCall.json().result });
    expect((viaCall.json().result as { uid: string }).uid).toBe(creator.userId);
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(String(response.headers.vary)).toMatch(/\bCookie\b/);
    expect(response.body.indexOf(SESSION_BOOT_ELEMENT_ID)).toBeLessThan(response.body.indexOf('</head>'));
  });

  it('is compressed per request when the browser accepts brotli', async () => {
    const creator = await signedInCreator(t);
    const response = await t.app.inject({ method: 'GET', url: '/dashboard', headers: { cookie: `sf_session=${creator.token}`, 'accept-encoding': 'br' } });
    expect(response.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(response.rawPayload).toString('utf8');
    expect((bootOf(html) as { result: { uid: string } }).result.uid).toBe(creator.userId);
  });

  it('carries nothing without a cookie, and stays the shared page', async () => {
    const response = await dashboard();
    expect(bootOf(response.body)).toBeUndefined();
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('says signed out for a cookie that names no session', async () => {
    const response = await dashboard('sf_session=not-a-session-token');
    expect(bootOf(response.body)).toEqual({ result: null });
  });

  it('carries the disabled-account error, as getCurrentUser would answer it', async () => {
    const creator = await signedInCreator(t);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, creator.userId));
    const response = await dashboard(`sf_session=${creator.token}`);
    expect(bootOf(response.body)).toEqual({ error: { status: 'PERMISSION_DENIED', message: MESSAGES.auth.userDisabled } });
  });

  it('escapes < so a name cannot close the element', async () => {
    const creator = await signedInCreator(t);
    await t.db.update(users).set({ displayName: '</script><script>alert(1)</script>' }).where(eq(users.id, creator.userId));
    const response = await dashboard(`sf_session=${creator.token}`);
    expect(response.body).not.toContain('</script><script>alert(1)');
    expect((bootOf(response.body) as { result: { displayName: string } }).result.displayName).toBe('</script><script>alert(1)</script>');
  });

  it.each(['/some-store/members/login', '/some-store', '/some-store/website', '/'])('never puts a creator’s session into %s', async (url) => {
    const creator = await signedInCreator(t);
    const response = await dashboard(`sf_session=${creator.token}`, url);
    expect(bootOf(response.body)).toBeUndefined();
    expect(response.body).not.toContain(creator.userId);
  });
});
