import type { StoreProfile } from '@shopfront/core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PLATFORM_REALM } from '../identity/limits.ts';
import { createSession } from '../identity/sessions.ts';
import { bearer } from '../testing/call-function.ts';
import { createTestDatabase, type TestDatabase } from '../testing/test-database.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { callRunningServer, spawnServer, type SpawnedServer } from '../testing/server-process.ts';
import { webDistForTests } from '../testing/web-build.ts';

/**
 * ARCHITECTURE §6: two real server processes on one PostgreSQL. A publish through one server
 * reaches the other's in-memory cache through LISTEN/NOTIFY, without a restart.
 */
let database: TestDatabase;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  // The spawned servers render with apps/web/dist.
  await webDistForTests();
  database = await createTestDatabase();
  const appSecret = 'two-servers-test-secret-0123456789abcdef';
  servers.push(...(await Promise.all([spawnServer({ databaseUrl: database.connectionString, appSecret }), spawnServer({ databaseUrl: database.connectionString, appSecret })])));
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
}, 30_000);

const nameOn = async (server: SpawnedServer, slug: string) => {
  const html = await (await fetch(`${server.url}/${slug}`)).text();
  return /<h1 class="sf-name">([^<]*)<\/h1>/.exec(html)?.[1] ?? null;
};
/** A miss says so in `X-Storefront-Cache`; a hit from memory carries no marker. */
const cacheOn = async (server: SpawnedServer, slug: string) => (await fetch(`${server.url}/${slug}`)).headers.get('x-storefront-cache') ?? 'hit';

it('a publish through one server shows on the other without a restart', { timeout: 60_000 }, async () => {
  const [one, two] = servers as [SpawnedServer, SpawnedServer];
  const { storeId, creatorId } = await seedStorefront(database.db, { slug: 'two-servers', name: 'Version One' });
  // Both servers hold the page in memory (once their LISTEN connection is up, a repeat is a hit),
  // so only a notification can make them show anything else.
  for (const server of [one, two]) {
    expect(await nameOn(server, 'two-servers')).toBe('Version One');
    await expect.poll(() => cacheOn(server, 'two-servers'), { timeout: 10_000 }).toBe('hit');
  }

  const { token } = await createSession(database.db, { realm: PLATFORM_REALM, userId: creatorId, now: new Date() });
  const call = (name: string, data: unknown) => callRunningServer(one.url, name, data, { headers: bearer(token) });
  const draft = (await call('getStoreDraft', { storeId })).body as { result: { profile: StoreProfile } };
  expect((await call('saveStoreDraft', { storeId, profile: { ...draft.result.profile, name: 'Version Two' } })).status).toBe(200);
  expect(await nameOn(two, 'two-servers')).toBe('Version One');
  expect((await call('publishStoreDraft', { storeId })).status).toBe(200);

  await expect.poll(() => nameOn(two, 'two-servers'), { timeout: 10_000 }).toBe('Version Two');
  await expect.poll(() => nameOn(one, 'two-servers'), { timeout: 10_000 }).toBe('Version Two');
});
