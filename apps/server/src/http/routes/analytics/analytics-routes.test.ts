import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { analyticsEvents, rateLimits } from '#src/db/schema/index.ts';
import { CHROME_UA, GOOGLEBOT_UA } from '#src/testing/analytics-events.ts';
import { seedProduct } from '#src/testing/seed-products.ts';
import { seedStorefront } from '#src/testing/seed-storefront.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { ANALYTICS_EVENTS_PATH } from './analytics-routes.ts';
import { BEACON_MESSAGES } from './beacon-body.ts';
import { takeBeaconEvents } from './beacon-limits.ts';

let t: TestApp;
let storeId: string;
beforeAll(async () => {
  // 30 events a minute per address, so both sides of the limit take two requests. The limits
  // count in fixed minutes: a clock at the start of one keeps every request inside it.
  const minute = Math.floor(Date.now() / 60_000) * 60_000;
  t = await createTestApp({ env: testEnv({ ANALYTICS_LIMIT_PER_IP_PER_MINUTE: '30' }), analytics: { nowMs: () => minute } });
  ({ storeId } = await seedStorefront(t.db, { slug: 'beacons' }));
});
afterAll(() => t?.close());

let address = 0;
/** Each call comes from its own address unless one is given, so the per-IP limit stays out of the way. */
const beacon = (payload: unknown, options: { ip?: string; userAgent?: string; contentType?: string } = {}) =>
  t.app.inject({
    method: 'POST',
    url: ANALYTICS_EVENTS_PATH,
    remoteAddress: options.ip ?? `198.51.100.${++address}`,
    headers: { 'content-type': options.contentType ?? 'text/plain;charset=UTF-8', 'user-agent': options.userAgent ?? CHROME_UA },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
const views = (n: number) => Array.from({ length: n }, () => ({ t: 'storefront_view' }));
const stored = async () => {
  await t.app.analytics.flush();
  return t.db.$count(analyticsEvents, eq(analyticsEvents.storeId, storeId));
};
const messageOf = (response: { json(): unknown }) => (response.json() as { error: { message: string } }).error.message;

describe('POST /api/analytics/events', () => {
  it('accepts a batch from sendBeacon (text/plain) and from fetch (application/json): 204, events written', async () => {
    const before = await stored();
    const sent = await beacon({ s: storeId, e: [{ t: 'storefront_view' }, { t: 'link_click', l: 'social:instagram' }], u: '?utm_source=ig', r: 'https://instagram.com/' });
    expect(sent.statusCode, sent.body).toBe(204);
    const product = await seedProduct(t.db, storeId, { slug: 'beacon-product' });
    const json = await beacon({ s: storeId, e: [{ t: 'product_view', p: product.id }] }, { contentType: 'application/json' });
    expect(json.statusCode).toBe(204);
    expect(await stored()).toBe(before + 3);
  });

  it.each([
    ['not JSON', '{"s":', BEACON_MESSAGES.notJson],
    ['no events', { s: 'x', e: [] }, BEACON_MESSAGES.badShape],
    ['an unknown key', { s: 'x', e: [{ t: 'storefront_view' }], x: 1 }, BEACON_MESSAGES.badShape],
    ['a bad store id', { s: 'store_../../etc', e: views(1) }, BEACON_MESSAGES.badStore],
    ['an unknown type', { s: 'store_abcdefghij0123456789', e: [{ t: 'purchase' }] }, BEACON_MESSAGES.unknownType],
    ['a product view without a product', { s: 'store_abcdefghij0123456789', e: [{ t: 'product_view' }] }, BEACON_MESSAGES.badProduct],
    ['a bad product id', { s: 'store_abcdefghij0123456789', e: [{ t: 'product_view', p: 'x' }] }, BEACON_MESSAGES.badProduct],
    ['a link click with a space in its id', { s: 'store_abcdefghij0123456789', e: [{ t: 'link_click', l: 'a b' }] }, BEACON_MESSAGES.badLink],
    ['an event that is not an object', { s: 'store_abcdefghij0123456789', e: ['storefront_view'] }, BEACON_MESSAGES.badShape],
  ])('400 for %s', async (_name, payload, message) => {
    const response = await beacon(payload);
    expect(response.statusCode).toBe(400);
    expect(messageOf(response)).toBe(message);
  });

  it('takes 20 events and refuses 21 with 413', async () => {
    expect((await beacon({ s: storeId, e: views(20) })).statusCode).toBe(204);
    const over = await beacon({ s: storeId, e: views(21) });
    expect(over.statusCode).toBe(413);
    expect(messageOf(over)).toBe(BEACON_MESSAGES.tooManyEvents);
  });

  it('takes 4 KB and refuses a byte more with 413', async () => {
    const pad = 4096 - JSON.stringify({ s: storeId, e: views(1), u: '', r: '' }).length;
    const exact = JSON.stringify({ s: storeId, e: views(1), u: 'a'.repeat(2000), r: 'b'.repeat(pad - 2000) });
    expect(Buffer.byteLength(exact)).toBe(4096);
    expect((await beacon(exact)).statusCode).toBe(204);
    const over = await beacon(`${exact} `);
    expect(over.statusCode).toBe(413);
    expect(messageOf(over)).toBe(BEACON_MESSAGES.tooLarge);
  });

  it('answers 204 and writes nothing for a store that does not exist, or for a bot', async () => {
    const before = await stored();
    expect((await beacon({ s: 'store_abcdefghij0123456789', e: views(3) })).statusCode).toBe(204);
    expect((await beacon({ s: storeId, e: views(3) }, { userAgent: GOOGLEBOT_UA })).statusCode).toBe(204);
    await t.app.analytics.flush();
    expect(await t.db.$count(analyticsEvents)).toBe(before);
    expect(await stored()).toBe(before);
  });

  it('limits events per address: the 30th of a minute is taken, the 31st is 429 with Retry-After', async () => {
    const ip = '192.0.2.10';
    expect((await beacon({ s: storeId, e: views(20) }, { ip })).statusCode).toBe(204);
    expect((await beacon({ s: storeId, e: views(10) }, { ip })).statusCode).toBe(204);
    const over = await beacon({ s: storeId, e: views(1) }, { ip });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect(messageOf(over)).toBe(BEACON_MESSAGES.rateLimited);
    // Another address is not held back.
    expect((await beacon({ s: storeId, e: views(1) }, { ip: '192.0.2.11' })).statusCode).toBe(204);
  });

  it('takes a batch that would cross the limit not at all, and a refused batch uses nothing up', async () => {
    const ip = '192.0.2.20';
    expect((await beacon({ s: storeId, e: views(20) }, { ip })).statusCode).toBe(204);
    expect((await beacon({ s: storeId, e: views(11) }, { ip })).statusCode).toBe(429); // 31 > 30: none of the 11 taken
    expect((await beacon({ s: storeId, e: views(10) }, { ip })).statusCode).toBe(204); // exactly 30
    expect((await beacon({ s: storeId, e: views(1) }, { ip })).statusCode).toBe(429);
  });

  it("gives the address's events back when the store's limit refuses the batch", async () => {
    const env = { ...t.env, analytics: { ...t.env.analytics, beaconLimits: { perIpPerMinute: 30, perStorePerMinute: 25 } } };
    const at = { storeId: 'store_limitsgiveback000000', now: new Date(Math.floor(Date.now() / 60_000) * 60_000) };
    expect(await takeBeaconEvents(t.db, env, { ...at, ip: '192.0.2.40', count: 20 })).toBe(0);
    expect(await takeBeaconEvents(t.db, env, { ...at, ip: '192.0.2.41', count: 10 })).toBeGreaterThan(0); // 30 > 25 for the store
    // 192.0.2.41 got its 10 back: 30 more of its own would be refused only by the store, 5 fit both.
    expect(await takeBeaconEvents(t.db, env, { ...at, ip: '192.0.2.41', count: 5 })).toBe(0);
    expect(await takeBeaconEvents(t.db, { ...env, analytics: { ...env.analytics, beaconLimits: { perIpPerMinute: 30, perStorePerMinute: 1000 } } }, { ...at, ip: '192.0.2.41', count: 25 })).toBe(0);
  });

  it('keeps no client address in the database: the limit row names a keyed hash', async () => {
    const ip = '192.0.2.30';
    expect((await beacon({ s: storeId, e: views(1) }, { ip })).statusCode).toBe(204);
    const keys = (await t.db.select({ key: rateLimits.key }).from(rateLimits)).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith('beacon:ip:')).length).toBeGreaterThan(0);
    expect(keys.some((key) => key.includes(ip))).toBe(false);
  });
});
