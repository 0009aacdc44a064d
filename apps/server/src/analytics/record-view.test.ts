import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents } from '../db/schema/index.ts';
import { CHROME_UA, GOOGLEBOT_UA } from '../testing/analytics-events.ts';
import { insertProduct } from '../testing/checkout.ts';
import { startFastPathServer, type FastPathServer } from '../testing/fast-path-server.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';

/** Server-rendered pages served to people record one view each; nothing else does. */
describe('page views recorded by the server', () => {
  let server: FastPathServer;
  let storeId: string;
  let productId: string;
  let productSlug: string;
  beforeAll(async () => {
    server = await startFastPathServer();
    ({ storeId } = await seedStorefront(server.t.db, { slug: 'viewed' }));
    ({ id: productId, slug: productSlug } = await insertProduct(server.t, storeId));
  });
  afterAll(() => server?.t.close());

  const recorded = async () => {
    await server.t.app.analytics.flush();
    return server.t.db.select().from(analyticsEvents).where(eq(analyticsEvents.storeId, storeId));
  };
  const get = (url: string, headers: Record<string, string> = {}) =>
    server.t.app.inject({ method: 'GET', url, headers: { 'user-agent': CHROME_UA, ...headers } });

  it('records one storefront_view for a person opening the published store', async () => {
    const page = await get('/viewed');
    expect(page.statusCode).toBe(200);
    const events = await recorded();
    expect(events.map((event) => event.type)).toEqual(['storefront_view']);
  });

  it('records nothing for a bot, a prefetch, a prerender, an iframe, a preview, a HEAD or the JSON read', async () => {
    const before = (await recorded()).length;
    expect((await get('/viewed', { 'user-agent': GOOGLEBOT_UA })).statusCode).toBe(200);
    expect((await get('/viewed', { 'sec-purpose': 'prefetch' })).statusCode).toBe(200);
    expect((await get('/viewed', { 'sec-purpose': 'prefetch;prerender' })).statusCode).toBe(200);
    expect((await get('/viewed', { purpose: 'prefetch' })).statusCode).toBe(200);
    expect((await get('/viewed', { 'x-moz': 'prefetch' })).statusCode).toBe(200);
    expect((await get('/viewed', { 'sec-fetch-dest': 'iframe' })).statusCode).toBe(200);
    expect((await get('/viewed?preview=true')).statusCode).toBe(200);
    expect((await server.t.app.inject({ method: 'HEAD', url: '/viewed', headers: { 'user-agent': CHROME_UA } })).statusCode).toBe(200);
    expect((await get('/api/storefront?slug=viewed')).statusCode).toBe(200);
    expect(await recorded()).toHaveLength(before);
  });

  it('records a product_view with its product, and a 304 revalidation as a view', async () => {
    const before = (await recorded()).length;
    const page = await get(`/viewed/p/${productSlug}`);
    expect(page.statusCode).toBe(200);
    const again = await get(`/viewed/p/${productSlug}`, { 'if-none-match': String(page.headers.etag) });
    expect(again.statusCode).toBe(304);
    const events = (await recorded()).slice(before);
    expect(events.map((event) => [event.type, event.productId])).toEqual([
      ['product_view', productId],
      ['product_view', productId],
    ]);
  });

  it('records cache hits answered on the raw request (the fast path), and not a bot or a prefetch there', async () => {
    await fetch(`${server.base}/viewed`, { headers: { 'user-agent': CHROME_UA } });
    const before = (await recorded()).length;
    const hit = await fetch(`${server.base}/viewed?utm_source=Fast`, { headers: { 'user-agent': CHROME_UA, referer: 'https://t.co/x' } });
    expect(hit.status).toBe(200);
    expect(server.requestLogs('/viewed?utm_source=Fast')).toBe(0); // answered before Fastify
    await fetch(`${server.base}/viewed`, { headers: { 'user-agent': GOOGLEBOT_UA } });
    await fetch(`${server.base}/viewed`, { headers: { 'user-agent': CHROME_UA, 'sec-purpose': 'prefetch' } });
    await fetch(`${server.base}/api/storefront?slug=viewed`, { headers: { 'user-agent': CHROME_UA } });
    const events = (await recorded()).slice(before);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ type: 'storefront_view', referrerHost: null });
  });
});
