import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hero, pageContent, seedWebsitePage } from '../testing/website-pages.ts';
import { withoutQueryValues } from '../http/log-url.ts';
import { captureLogs, type LogCapture } from '../testing/log-capture.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createStorefrontTestApp } from '../testing/storefront-test-app.ts';
import type { TestApp } from '../testing/test-app.ts';

/** Website pages ride the storefront's raw fast path once cached (a real socket: app.inject never reaches it). */
let t: TestApp;
let logs: LogCapture;
let base: string;

beforeAll(async () => {
  logs = captureLogs('info');
  t = await createStorefrontTestApp({ logger: logs.logger });
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { storeId } = await seedStorefront(t.db, { slug: 'fast-site', customDomain: 'fastsite.example' });
  await seedWebsitePage(t.db, storeId, { slug: 'home', published: pageContent(hero('Fast home')) });
  await seedWebsitePage(t.db, storeId, { slug: 'about', position: 1, published: pageContent(hero('Fast about')) });
}, 120_000);
afterAll(() => t?.close());

const requestLogs = (url: string) => logs.lines().filter((line) => line.msg === 'request' && line.url === withoutQueryValues(url)).length;
const headersOf = (response: Response) => {
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  delete headers['x-storefront-cache'];
  return headers;
};

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
