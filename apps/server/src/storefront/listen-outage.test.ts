import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { stores } from '../db/schema/index.ts';
import type { TestApp } from '../testing/test-app.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { createStorefrontTestApp } from '../testing/storefront-test-app.ts';

/**
 * A lost LISTEN connection means a publish on another server could go unseen: memory must stop
 * answering at once, and start again only after the reconnect (which drops everything it held).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createStorefrontTestApp();
}, 120_000);
afterAll(() => t?.close());

const page = (slug: string) => t.app.inject({ method: 'GET', url: `/${slug}` });
const cacheOf = async (slug: string) => (await page(slug)).headers['x-storefront-cache'] ?? 'hit';
const nameIn = (html: string) => /<h1 class="sf-name">([^<]*)<\/h1>/.exec(html)?.[1];

it('serves from the database while LISTEN is down, and from memory again after the reconnect', { timeout: 30_000 }, async () => {
  const service = t.app.storefront;
  const { storeId } = await seedStorefront(t.db, { slug: 'outage-shop', name: 'Before' });
  await page('outage-shop');
  expect(await cacheOf('outage-shop')).toBe('hit');

  // The database ends our LISTEN session (a failover or an idle-session killer would do the same).
  await t.db.execute(
    sql`select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'shopfront-storefront-listen' and datname = current_database()`,
  );
  await expect.poll(() => service.isCaching(), { timeout: 5_000 }).toBe(false);

  // A change whose NOTIFY nobody hears (sent while we were not listening)…
  await t.db.update(stores).set({ name: 'After' }).where(eq(stores.id, storeId));
  const during = await page('outage-shop');
  // …is shown at once, because memory no longer answers, and nothing is kept meanwhile.
  expect(nameIn(during.body)).toBe('After');
  expect(during.headers['x-storefront-cache']).toBe('miss');
  if (!service.isCaching()) expect(await cacheOf('outage-shop')).toBe('miss');

  // The reconnect (1 s backoff) brings caching back.
  await service.ready();
  await expect.poll(() => service.isCaching(), { timeout: 10_000 }).toBe(true);
  await page('outage-shop');
  expect(await cacheOf('outage-shop')).toBe('hit');
  expect(nameIn((await page('outage-shop')).body)).toBe('After');
});
