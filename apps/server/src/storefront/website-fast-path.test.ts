import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hero, pageContent, seedWebsitePage } from '../testing/website-pages.ts';
import { comparableHeaders as headersOf, startFastPathServer } from '../testing/fast-path-server.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import type { TestApp } from '../testing/test-app.ts';

/** Website pages ride the storefront's raw fast path once cached (a real socket: app.inject never reaches it). */
let t: TestApp;
let base: string;
let requestLogs: (url: string) => number;

beforeAll(async () => {
  ({ t, base, requestLogs } = await startFastPathServer());
  const { storeId } = await seedStorefront(t.db, { slug: 'fast-site', customDomain: 'fastsite.example' });
  await seedWebsitePage(t.db, storeId, { slug: 'home', published: pageContent(hero('Fast home')) });
  await seedWebsitePage(t.db, storeId, { slug: 'about', position: 1, published: pageContent(hero('Fast about')) });
}, 120_000);
afterAll(() => t?.close());

describe('website fast path', () => {
  it.each([
    ['/fast-site/website', undefined],
    ['/fast-site/website/about', undefined],
    ['/', 'fastsite.example'],
    ['/about', 'www.fastsite.example'],
  ])('answers a cached %s (host %s) before Fastify with the same headers and bytes', async (path, host) => {
    const get = () => (host ? fetchOn(host, path) : fetch(`${base}${path}`, { headers: { 'accept-encoding': 'br' } }));
    const first = await get();
    expect(first.status).toBe(200);
    expect(first.headers.get('x-storefront-cache')).toBe('miss');
    const body = await first.text();
    expect(body).toContain('data-app-mode="website"');
    const logged = requestLogs(path);
    const second = await get();
    expect(second.headers.get('x-storefront-cache')).toBeNull();
    expect(await second.text()).toBe(body);
    expect(headersOf(second)).toEqual(headersOf(first));
    expect(second.headers.get('content-security-policy')).toContain('frame-src https://www.youtube-nocookie.com');
    expect(requestLogs(path)).toBe(logged);
  });
});

/** fetch cannot set Host: a raw request over node:http can. */
async function fetchOn(host: string, path: string): Promise<Response> {
  const { request } = await import('node:http');
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, headers: { host, 'accept-encoding': 'identity' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) if (typeof value === 'string') headers.set(name, value);
        resolve(new Response(Buffer.concat(chunks), { status: res.statusCode, headers }));
      });
    });
    req.on('error', reject);
    req.end();
  });
}
