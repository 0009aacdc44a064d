import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { StoreProfile } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, createPool, type Database } from './db/client.ts';
import { findFreePort } from './db/free-port.ts';
import { stopOrphanPostgres } from './db/orphan-postgres.ts';
import { emailOutbox } from './db/schema/index.ts';
import { PLATFORM_REALM } from './identity/limits.ts';
import { createSession } from './identity/sessions.ts';
import { enqueueEmail } from './jobs/enqueue-email.ts';
import { createLogger } from './logger.ts';
import { bearer } from './testing/call-function.ts';
import { seedStorefront } from './testing/seed-storefront.ts';
import { callRunningServer, startServerProcess, type ServerProcess } from './testing/server-process.ts';
import { webDistForTests } from './testing/web-build.ts';

/**
 * Database outage: the real server on its embedded PostgreSQL; PostgreSQL is stopped
 * (fast shutdown of the postmaster) for OUTAGE_MS under light load and started again on the same
 * port: 5 s here (past the 3 s connect timeout, so calls answer 503); the bench scenario
 * `failure-drills` runs the same with 30 s.
 */
const OUTAGE_MS = Number(process.env.OUTAGE_MS ?? 5_000);
const log = createLogger({ logLevel: 'silent' });
let dataDir: string;
let server: ServerProcess;
let pool: ReturnType<typeof createPool>;
let db: Database;
let postgresPort: number;
let postgresBin: string;
const clusterDir = () => join(dataDir, 'postgres');

beforeAll(async () => {
  await webDistForTests();
  dataDir = mkdtempSync(join(tmpdir(), 'shopfront-outage-'));
  const port = await findFreePort();
  server = await startServerProcess({ dataDir, port, env: { PUBLIC_URL: `http://localhost:${port}` } });
  postgresPort = server.logs.find((line) => line.msg === 'embedded PostgreSQL started')?.port as number;
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  pool = createPool({ connectionString: `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${postgresPort}/shopfront`, log });
  db = createDb(pool);
}, 90_000);

afterAll(async () => {
  await pool?.end().catch(() => undefined);
  if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGTERM');
  await server?.exited;
  await stopOrphanPostgres(clusterDir(), log);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

/** Fast shutdown of the postmaster, as an operator's `pg_ctl stop -m fast` or a crash would do. */
async function stopPostgres() {
  const pid = Number(readFileSync(join(clusterDir(), 'postmaster.pid'), 'utf8').split('\n')[0]);
  postgresBin = dirname(readlinkSync(`/proc/${pid}/exe`)); // the embedded binaries, for the restart
  process.kill(pid, 'SIGINT');
  await expect.poll(() => existsSync(join(clusterDir(), 'postmaster.pid')), { timeout: 10_000 }).toBe(false);
}

/** The same cluster on the same port, started with the embedded binaries (as `postgres` when we are root). */
async function startPostgres() {
  const asPostgres = process.getuid?.() === 0 ? { uid: Number(execFileSync('id', ['-u', 'postgres'])), gid: Number(execFileSync('id', ['-g', 'postgres'])) } : {};
  const options = `-p ${postgresPort} -c listen_addresses=127.0.0.1 -c unix_socket_directories=`;
  await new Promise<void>((resolve, reject) => {
    const child = spawn(join(postgresBin, 'pg_ctl'), ['-D', clusterDir(), '-w', '-l', '/dev/null', '-o', options, 'start'], { stdio: 'ignore', ...asPostgres });
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`pg_ctl start exited ${code}`))));
  });
}

const timed = async (send: () => Promise<Response>) => {
  const started = Date.now();
  const response = await send();
  await response.arrayBuffer();
  return { status: response.status, ms: Date.now() - started };
};
const nameOn = async (url: string) => /<h1 class="sf-name">([^<]*)<\/h1>/.exec(await (await fetch(`${url}/outage-shop`)).text())?.[1];

it(`keeps cached pages, answers 503 fast, and loses nothing across a ${OUTAGE_MS / 1000} s PostgreSQL outage`, { timeout: 90_000 + OUTAGE_MS * 2 }, async () => {
  const { url } = server;
  const { storeId, creatorId } = await seedStorefront(db, { slug: 'outage-shop', name: 'Before Outage' });
  const { token } = await createSession(db, { realm: PLATFORM_REALM, userId: creatorId, now: new Date() });
  const call = (name: string, data: unknown) => callRunningServer(url, name, data, { headers: bearer(token) });
  // The page is in memory (a repeat is a hit once LISTEN is up).
  expect(await nameOn(url)).toBe('Before Outage');
  await expect.poll(async () => (await fetch(`${url}/outage-shop`)).headers.get('x-storefront-cache') ?? 'hit', { timeout: 10_000 }).toBe('hit');
  // A job due during the outage: it must run once the database is back.
  await enqueueEmail(db, { to: 'outage@example.com', subject: 'Sent after the outage', html: '<p>hi</p>', text: 'hi' }, { runAt: new Date(Date.now() + 3_000) });

  await stopPostgres();
  const outageEnds = Date.now() + OUTAGE_MS;
  const seen = { page: [] as number[], call: [] as number[], ready: [] as number[], slowest: 0 };
  while (Date.now() < outageEnds) {
    const [page, fn, ready] = await Promise.all([
      timed(() => fetch(`${url}/outage-shop`)),
      timed(() => fetch(`${url}/fn/getStoreDraft`, { method: 'POST', headers: { 'content-type': 'application/json', ...bearer(token) }, body: JSON.stringify({ data: { storeId } }) })),
      timed(() => fetch(`${url}/readyz`)),
    ]);
    seen.page.push(page.status);
    seen.call.push(fn.status);
    seen.ready.push(ready.status);
    seen.slowest = Math.max(seen.slowest, fn.ms, ready.ms, page.ms);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  expect(new Set(seen.page)).toEqual(new Set([200]));
  expect(new Set(seen.call)).toEqual(new Set([503]));
  expect(new Set(seen.ready)).toEqual(new Set([503]));
  expect(seen.slowest).toBeLessThan(5_000);

  await startPostgres();
  const restartedAt = Date.now();
  await expect.poll(async () => (await fetch(`${url}/readyz`)).status, { timeout: 15_000 }).toBe(200);
  // The job resumes: its email is in the outbox.
  await expect
    .poll(async () => (await db.select().from(emailOutbox).where(eq(emailOutbox.to, 'outage@example.com'))).length, { timeout: 20_000, interval: 500 })
    .toBe(1);
  // LISTEN is back (its retries back off 1 s, 2 s, … up to 30 s, db/listen.ts, so after a long
  // outage the reconnect may come up to 30 s after PostgreSQL; pages come fresh from the database
  // meanwhile): a publish after the restart shows on the cached page.
  await expect.poll(async () => (await fetch(`${url}/outage-shop`)).headers.get('x-storefront-cache') ?? 'hit', { timeout: 35_000, interval: 500 }).toBe('hit');
  const draft = (await call('getStoreDraft', { storeId })).body as { result: { profile: StoreProfile } };
  expect((await call('saveStoreDraft', { storeId, profile: { ...draft.result.profile, name: 'After Outage' } })).status).toBe(200);
  expect((await call('publishStoreDraft', { storeId })).status).toBe(200);
  await expect.poll(() => nameOn(url), { timeout: 10_000 }).toBe('After Outage');
  console.info(
    `database outage drill: ${seen.page.length} rounds over ${OUTAGE_MS} ms (page 200, call 503, readyz 503), slowest answer ${seen.slowest} ms; ` +
      `readyz green, outbox email sent, LISTEN back and the publish shown ${Date.now() - restartedAt} ms after the restart`,
  );
});
