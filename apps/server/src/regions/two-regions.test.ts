import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, createPool, type Database } from '../db/client.ts';
import { MIRRORED_TABLES } from '../db/replication.ts';
import { notifyStorefrontChanged } from '../db/storefront-events.ts';
import { stores } from '../db/schema/index.ts';
import { createLogger } from '../logger.ts';
import { callFunction } from '../testing/call-function.ts';
import { seedStorefront } from '../testing/seed-storefront.ts';
import { testEnv } from '../testing/test-env.ts';
import { startRegionDatabases, type RegionDatabases } from './start-region-databases.ts';

/**
 * Two regions on one machine (docs/regions.md): us-central's PostgreSQL publishes, sydney's
 * subscribes, and a sydney server reads visitor data from its mirror while it is current, falling
 * back to the primary when the mirror is down; function calls other than the mirrored reads are
 * forwarded to the us-central server.
 */
const log = createLogger({ logLevel: 'silent' });
const FAST = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'];

let dir: string;
let dbs: RegionDatabases;
let primaryPool: pg.Pool;
let primary: Database;
let mirrorPool: pg.Pool;
let sydney: FastifyInstance;
let usCentral: FastifyInstance;

const US_CENTRAL_CLOCK = new Date('2031-05-06T07:08:09.000Z');

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'shopfront-regions-'));
  dbs = await startRegionDatabases({ dir, log, postgresFlags: FAST });
  primaryPool = createPool({ connectionString: dbs.primaryUrl, log });
  primary = createDb(primaryPool);
  // The us-central server, on a real port so sydney can forward to it; its clock tells its answers apart.
  usCentral = await buildApp({ env: testEnv(), db: primary, logger: log, now: () => US_CENTRAL_CLOCK });
  await usCentral.listen({ host: '127.0.0.1', port: 0 });
  const address = usCentral.server.address();
  const usUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  mirrorPool = createPool({ connectionString: dbs.mirrorUrl, log, connectionTimeoutMillis: 1_000 });
  sydney = await buildApp({
    env: testEnv({ REGION: 'sydney', PRIMARY_REGION_URL: usUrl, MIRROR_MAX_LAG_MS: '3000' }),
    db: createDb(createPool({ connectionString: dbs.primaryUrl, log })),
    logger: log,
    mirror: { pool: mirrorPool, connectionString: dbs.mirrorUrl, intervalMs: 200 },
  });
  await sydney.ready();
  await eventually(async () => expect((await readiness()).replication.readsFrom).toBe('mirror'));
}, 120_000);

afterAll(async () => {
  await sydney?.close();
  await usCentral?.close();
  await mirrorPool?.end().catch(() => undefined);
  await primaryPool?.end();
  await dbs?.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

async function readiness() {
  const response = await sydney.inject({ method: 'GET', url: '/readyz' });
  return { ...(response.json() as { region: string; replication: { state: string; readsFrom: string; lagMs: number | null; detail: string | null } }), status: response.statusCode };
}

/** The store's name as sydney's getStorefront answers it; null when it answers "no such store". */
async function storeOnSydney(slug: string): Promise<string | null> {
  const response = await callFunction(sydney, 'getStorefront', { slug });
  expect(response.statusCode).toBe(200);
  const body = response.json() as { result: { store: { profile: { name: string } } } | null };
  return body.result?.store.profile.name ?? null;
}

/** Polls until `check` passes (replication is asynchronous), up to 15 s. */
async function eventually(check: () => Promise<void>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      await check();
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

async function counts(pool: pg.Pool): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of MIRRORED_TABLES) {
    if (table === 'region_heartbeats') continue;
    const rows = await pool.query<{ n: string }>(`select count(*) as n from ${table}`);
    result[table] = Number(rows.rows[0]?.n);
  }
  return result;
}

describe('two regions on logical replication', () => {
  it('reports its region and a streaming mirror with a measured lag', async () => {
    const ready = await readiness();
    expect(ready.status).toBe(200);
    expect(ready.region).toBe('sydney');
    expect(ready.replication.state).toBe('streaming');
    expect(ready.replication.lagMs).toEqual(expect.any(Number));
  });

  it('answers visitor reads from the mirror: a row only the mirror holds is served', async () => {
    const onlyOnMirror = createDb(mirrorPool);
    const { storeId } = await seedStorefront(onlyOnMirror, { slug: 'mirror-only', name: 'Only in Sydney' });
    try {
      expect(await storeOnSydney('mirror-only')).toBe('Only in Sydney');
      const lookup = await callFunction(sydney, 'lookupStore', { by: 'slug', slug: 'mirror-only' });
      expect(lookup.json()).toMatchObject({ result: { storeId } });
      // The us-central server reads its own database, where the store does not exist.
      expect((await callFunction(usCentral, 'getStorefront', { slug: 'mirror-only' })).json()).toEqual({ result: null });
    } finally {
      await onlyOnMirror.delete(stores).where(eq(stores.id, storeId));
    }
  });

  it('serves a store published on us-central from sydney, and each later change', async () => {
    const { storeId } = await seedStorefront(primary, { slug: 'kiln-works', name: 'Kiln Works' });
    await eventually(async () => expect(await storeOnSydney('kiln-works')).toBe('Kiln Works'));
    for (let change = 1; change <= 5; change += 1) {
      await primary.transaction(async (tx) => {
        await tx.update(stores).set({ name: `Kiln Works ${change}` }).where(eq(stores.id, storeId));
        await notifyStorefrontChanged(tx, storeId);
      });
      await eventually(async () => expect(await storeOnSydney('kiln-works')).toBe(`Kiln Works ${change}`));
    }
  });

  it('drops a cached page when the replicated row lands, with no notification from the primary', async () => {
    await seedStorefront(primary, { slug: 'quiet-change', name: 'Before' });
    await eventually(async () => expect(await storeOnSydney('quiet-change')).toBe('Before'));
    // A bare UPDATE: no pg_notify on the primary, so only the mirror's trigger can say it changed.
    await primary.execute(sql`update stores set name = 'After' where slug = 'quiet-change'`);
    await eventually(async () => expect(await storeOnSydney('quiet-change')).toBe('After'));
  });

  it('stops serving a store deleted on us-central', async () => {
    const { storeId } = await seedStorefront(primary, { slug: 'closing-down', name: 'Closing Down' });
    await eventually(async () => expect(await storeOnSydney('closing-down')).toBe('Closing Down'));
    await primary.transaction(async (tx) => {
      await tx.delete(stores).where(eq(stores.id, storeId));
      await tx.execute(sql`select pg_notify('storefront_changed', ${storeId})`);
    });
    await eventually(async () => expect(await storeOnSydney('closing-down')).toBeNull());
    const lookup = await callFunction(sydney, 'lookupStore', { by: 'slug', slug: 'closing-down' });
    expect(lookup.json()).toEqual({ result: null });
  });

  it('forwards other function calls to the us-central server, and answers 503 when it is away', async () => {
    const forwarded = await callFunction(sydney, 'testFunction', { echo: 'hello' });
    expect(forwarded.statusCode).toBe(200);
    expect(forwarded.json()).toEqual({ result: { ok: true, echo: 'hello', serverTime: US_CENTRAL_CLOCK.toISOString() } });
    const unknown = await callFunction(sydney, 'noSuchFunction', {});
    expect(unknown.statusCode).toBe(404);
    // Mirrored reads never leave sydney.
    expect(await storeOnSydney('kiln-works')).toBe('Kiln Works 5');
    // Nor does any kept dashboard read answer here: the lane that answers them is the primary's alone.
    expect([usCentral.keptReadLane === undefined, sydney.keptReadLane === undefined]).toEqual([false, true]);

    const cutOff = await buildApp({
      env: testEnv({ REGION: 'sydney', PRIMARY_REGION_URL: 'http://127.0.0.1:9' }),
      db: primary,
      logger: log,
    });
    try {
      const away = await callFunction(cutOff, 'testFunction', { echo: 'hello' });
      expect(away.statusCode).toBe(503);
      expect(away.json()).toMatchObject({ error: { status: 'UNAVAILABLE' } });
    } finally {
      await cutOff.close();
    }
  });

  it('reads from the primary while the mirror lags past the limit, and goes back once it catches up', async () => {
    await mirrorPool.query('alter subscription shopfront_mirror_sydney disable');
    try {
      await eventually(async () => expect((await readiness()).replication).toMatchObject({ state: 'lagging', readsFrom: 'primary' }));
      expect((await readiness()).replication.lagMs).toBeGreaterThan(3000);
      await seedStorefront(primary, { slug: 'while-lagging', name: 'Fresh Store' });
      expect(await storeOnSydney('while-lagging')).toBe('Fresh Store');
    } finally {
      await mirrorPool.query('alter subscription shopfront_mirror_sydney enable');
    }
    await eventually(async () => expect((await readiness()).replication).toMatchObject({ state: 'streaming', readsFrom: 'mirror' }));
    // Back on the mirror as soon as the lag is under the limit, which may be before the whole backlog
    // (this store included) has landed: the store comes within the lag.
    await eventually(async () => expect(await storeOnSydney('while-lagging')).toBe('Fresh Store'));
  });

  it('falls back to the primary while the mirror is down, says so, and catches up with no lost rows', async () => {
    await dbs.stopMirror();
    await eventually(async () => {
      const ready = await readiness();
      expect(ready.status).toBe(200);
      expect(ready.replication).toMatchObject({ state: 'down', readsFrom: 'primary' });
    });
    // Written while sydney's database is down: the sydney server still serves it, from the primary.
    await seedStorefront(primary, { slug: 'written-in-outage', name: 'Outage Store' });
    expect(await storeOnSydney('written-in-outage')).toBe('Outage Store');
    expect(await storeOnSydney('kiln-works')).toBe('Kiln Works 5');

    await dbs.startMirror();
    await eventually(async () => expect(await counts(mirrorPool)).toEqual(await counts(primaryPool)), 30_000);
    await eventually(async () => expect((await readiness()).replication).toMatchObject({ state: 'streaming', readsFrom: 'mirror' }), 30_000);
    expect(await storeOnSydney('written-in-outage')).toBe('Outage Store');
  }, 90_000);
});
