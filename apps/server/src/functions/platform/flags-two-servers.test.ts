import { afterAll, beforeAll, expect, it } from 'vitest';
import { signedInAdmin, signedInCreator } from '#src/testing/creators.ts';
import { callRunningServer, spawnServer, type SpawnedServer } from '#src/testing/server-process.ts';
import { createTestDatabase, type TestDatabase } from '#src/testing/test-database.ts';

/**
 * ARCHITECTURE "Feature flags": two real server processes on one PostgreSQL. A flag switched
 * through one reaches the other's cached flags over LISTEN/NOTIFY within a second.
 */
let database: TestDatabase;
const servers: SpawnedServer[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  const appSecret = 'flags-two-servers-secret-0123456789abcdef';
  servers.push(...(await Promise.all([spawnServer({ databaseUrl: database.connectionString, appSecret }), spawnServer({ databaseUrl: database.connectionString, appSecret })])));
}, 90_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  await database?.drop();
}, 30_000);

it('customDomains switched on through one server is served by the other within 1 s', { timeout: 60_000 }, async () => {
  const [one, two] = servers as [SpawnedServer, SpawnedServer];
  const admin = await signedInAdmin(database);
  const creator = await signedInCreator(database);
  const created = await callRunningServer(one.url, 'createStoreWithTenant', { storeName: 'Two Servers', slug: 'flags-two-servers' }, { as: creator });
  expect(created.status).toBe(200);
  const storeId = (created.body as { result: { id: string } }).result.id;

  const addOnTwo = () => callRunningServer(two.url, 'addCustomDomain', { storeId, domain: 'shop.two-servers.example' }, { as: creator });
  const enabledOnTwo = async () =>
    ((await callRunningServer(two.url, 'getStoreDomains', { storeId }, { as: creator })).body as { result: { customDomainsEnabled: boolean } }).result
      .customDomainsEnabled;
  // The second server has read (and, once its LISTEN is up, keeps) the flag as off.
  expect(await enabledOnTwo()).toBe(false);
  expect((await addOnTwo()).status).toBe(400);

  const switched = await callRunningServer(one.url, 'setFeatureFlag', { name: 'customDomains', enabled: true, reason: 'launch' }, { as: admin });
  expect(switched.status).toBe(200);
  await expect.poll(enabledOnTwo, { timeout: 1_000, interval: 50 }).toBe(true);
  expect((await addOnTwo()).status).toBe(200);
});
