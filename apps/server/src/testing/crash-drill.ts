import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect } from 'vitest';
import { POOL_DEFAULTS, type Database } from '../db/client.ts';
import { checkouts, customers, jobs, orders } from '../db/schema/index.ts';
import { findFreePort } from '../db/free-port.ts';
import { JOB_RUNNER_DEFAULTS } from '../jobs/job-runner.ts';
import { startServerProcess, type SpawnedServer } from './server-process.ts';
import type { TestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { webDistForTests } from './web-build.ts';

/**
 * The crash drills' harness: a test database and one DATA_DIR for the
 * file, and a real server process on them that `restart()` kills (SIGKILL) and starts again on
 * the same data. `env` adds variables to every start (read at each start, so it may name a
 * stand-in started in the test's own beforeAll). Registers its own beforeAll/afterAll.
 */
export function useCrashDrill(options: { env?: () => Record<string, string> } = {}) {
  const appSecret = 'crash-safety-test-secret-0123456789abcdef';
  const state: { database?: TestDatabase; dataDir?: string; server?: SpawnedServer } = {};

  beforeAll(async () => {
    await webDistForTests();
    state.database = await createTestDatabase();
    state.dataDir = mkdtempSync(join(tmpdir(), 'shopfront-crash-'));
  }, 90_000);

  afterAll(async () => {
    if (state.server) {
      state.server.child.kill('SIGKILL');
      await state.server.stop();
    }
    await state.database?.drop();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  }, 30_000);

  return {
    get database(): TestDatabase {
      return state.database!;
    },
    /** Shared by every run, so the file store survives the restarts as the database does. */
    get dataDir(): string {
      return state.dataDir!;
    },
    /** insertProduct and friends only need `db`. */
    asApp: () => ({ db: state.database!.db }) as unknown as TestApp,
    /** Kills the running server (if any) with SIGKILL and starts a new one on the same data; `logs` are its JSON log lines so far. */
    async restart(): Promise<SpawnedServer & { logs: Record<string, unknown>[] }> {
      const previous = state.server;
      if (previous && previous.child.exitCode === null && previous.child.signalCode === null) previous.child.kill('SIGKILL');
      if (previous) await previous.stop();
      const port = await findFreePort();
      const started = await startServerProcess({
        dataDir: state.dataDir!,
        port,
        env: {
          PUBLIC_URL: `http://localhost:${port}`,
          DATABASE_URL: state.database!.connectionString,
          APP_SECRET: appSecret,
          // The drills burst hundreds of checkouts from one address.
          CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000000',
          ...options.env?.(),
        },
      });
      const server = {
        url: started.url,
        logs: started.logs,
        child: started.child,
        stop: async () => {
          if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
          await started.exited;
        },
      };
      state.server = server;
      return server;
    },
  };
}

/**
 * A request waits at most `POOL_DEFAULTS.connectionTimeoutMillis` (3 s) for one of the server's
 * pooled connections, then answers 503. A busy machine holds each connection for longer, so more
 * requests in flight than the pool can serve measure the machine, not the crash safety. The burst
 * keeps the whole pool busy, so the requests in flight at the kill are inside their transactions;
 * the checks afterwards leave room for the job runner's claim and jobs (the orders' receipts).
 */
const BURST_IN_FLIGHT = POOL_DEFAULTS.max;
const CHECKS_IN_FLIGHT = POOL_DEFAULTS.max - JOB_RUNNER_DEFAULTS.concurrency - 1;

/**
 * Sends the requests with `concurrency` in flight (a burst at a provider's or a crowd's pace) and
 * kills the server (SIGKILL) once `killAfter` of them were acknowledged, with others still in
 * flight. Returns the index of every acknowledged request.
 */
export async function burstThenKill(
  target: SpawnedServer,
  requests: (() => Promise<boolean>)[],
  killAfter: number,
  concurrency = BURST_IN_FLIGHT,
): Promise<Set<number>> {
  const acknowledged = new Set<number>();
  let killed = false;
  let next = 0;
  const kill = () => {
    if (killed) return;
    killed = true;
    target.child.kill('SIGKILL');
  };
  const lane = async () => {
    while (!killed && next < requests.length) {
      const index = next++;
      try {
        // Nothing that lands after the kill counts: the reply may still be in a socket buffer.
        if ((await requests[index]!()) && !killed) acknowledged.add(index);
      } catch {
        // connection reset by the kill: not acknowledged
      }
      if (acknowledged.size >= killAfter) kill();
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, lane));
  kill();
  await target.stop();
  return acknowledged;
}

/**
 * Sends every request with at most `concurrency` in flight (as a payment provider redelivers, or
 * buyers retry), resolving in input order. Checks after a restart use it, with no request left
 * waiting for a pooled connection (BURST_IN_FLIGHT).
 */
export async function sendAll<T, R>(items: T[], send: (item: T) => Promise<R>, concurrency = CHECKS_IN_FLIGHT): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await send(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, lane));
  return results;
}

/** No half order: every order has its customer and its receipt job; every completed checkout has its order. */
export async function expectNoHalfOrders(db: Database, storeId: string) {
  const allCheckouts = await db.select().from(checkouts).where(eq(checkouts.storeId, storeId));
  const allOrders = await db.select().from(orders).where(eq(orders.storeId, storeId));
  const orderByCheckout = new Map(allOrders.map((order) => [order.checkoutId, order]));
  expect(new Set(allOrders.map((order) => order.checkoutId)).size).toBe(allOrders.length);
  expect(allCheckouts.filter((checkout) => checkout.status === 'completed' && !orderByCheckout.has(checkout.id))).toEqual([]);
  expect(allOrders.filter((order) => allCheckouts.find((c) => c.id === order.checkoutId)?.status !== 'completed')).toEqual([]);
  // one checkout per idempotency key (the unique index holds it, this proves it did)
  expect(new Set(allCheckouts.map((checkout) => checkout.idempotencyKey)).size).toBe(allCheckouts.length);
  if (allOrders.length > 0) {
    const customerIds = new Set(
      (await db.select({ id: customers.id }).from(customers).where(inArray(customers.id, allOrders.map((order) => order.customerId)))).map((row) => row.id),
    );
    expect(allOrders.filter((order) => !customerIds.has(order.customerId))).toEqual([]);
    const receiptKeys = new Set(
      (
        await db
          .select({ key: jobs.idempotencyKey })
          .from(jobs)
          .where(inArray(jobs.idempotencyKey, allOrders.map((order) => `send-email:receipt:${order.id}`)))
      ).map((row) => row.key),
    );
    expect(allOrders.filter((order) => !receiptKeys.has(`send-email:receipt:${order.id}`))).toEqual([]);
  }
  return { allCheckouts, allOrders, orderByCheckout };
}
