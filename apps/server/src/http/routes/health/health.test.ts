import { createServer, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#src/app.ts';
import { createDb, createPool } from '#src/db/client.ts';
import { findFreePort } from '#src/db/free-port.ts';
import { createLogger } from '#src/logger.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { callFunction } from '#src/testing/call-function.ts';

const UNAVAILABLE = {
  error: { status: 'UNAVAILABLE', message: 'Service temporarily unavailable. Please try again.' },
};

describe('health with the database up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('GET /healthz is 200 ok', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz is 200 ok, naming the region (one region: no replication to report)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', region: 'us-central' });
  });
});

/** An app whose DATABASE_URL points at `port` on loopback. */
async function appWithDatabaseAt(port: number): Promise<{ app: FastifyInstance; pool: pg.Pool }> {
  const log = createLogger({ logLevel: 'silent' });
  const pool = createPool({ connectionString: `postgresql://postgres:pw@127.0.0.1:${port}/shopfront`, log });
  const app = await buildApp({ env: testEnv(), db: createDb(pool), logger: log });
  return { app, pool };
}

describe('with the database refusing connections (closed port)', () => {
  let app: FastifyInstance;
  let pool: pg.Pool;
  beforeAll(async () => {
    ({ app, pool } = await appWithDatabaseAt(await findFreePort()));
  });
  afterAll(async () => {
    await app?.close();
    await pool?.end();
  });

  it('a function that needs the database answers 503 UNAVAILABLE at once', async () => {
    const started = Date.now();
    const response = await callFunction(app, 'lookupStore', { by: 'slug', slug: 'any-shop' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual(UNAVAILABLE);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('/readyz is 503 and /healthz stays 200', async () => {
    const ready = await app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', region: 'us-central' });
    const live = await app.inject({ method: 'GET', url: '/healthz' });
    expect(live.statusCode).toBe(200);
  });

  it('a function that does not need the database still answers', async () => {
    expect((await callFunction(app, 'testFunction', {})).statusCode).toBe(200);
  });
});

describe('with a database that accepts connections and never answers', () => {
  let silent: Server;
  const sockets = new Set<Socket>();
  let app: FastifyInstance;
  let pool: pg.Pool;
  beforeAll(async () => {
    silent = createServer((socket) => void sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    ({ app, pool } = await appWithDatabaseAt((silent.address() as AddressInfo).port));
  });
  afterAll(async () => {
    await app?.close();
    for (const socket of sockets) socket.destroy();
    await pool?.end();
    await new Promise((resolve) => silent?.close(resolve));
  });

  it('answers 503 UNAVAILABLE within 5 s, and /readyz 503 within its 2 s budget', async () => {
    const started = Date.now();
    const [call, ready] = await Promise.all([
      callFunction(app, 'getPlatformStatus', {}).then((response) => ({ response, ms: Date.now() - started })),
      app.inject({ method: 'GET', url: '/readyz' }).then((response) => ({ response, ms: Date.now() - started })),
    ]);
    expect(call.response.statusCode).toBe(503);
    expect(call.response.json()).toEqual(UNAVAILABLE);
    expect(call.ms).toBeLessThan(5_000);
    expect(ready.response.statusCode).toBe(503);
    expect(ready.ms).toBeLessThan(3_000);
  });
});
