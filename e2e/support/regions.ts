import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { e2eDataDir } from './data-dir.ts';
import { E2E_PORT } from './hosts.ts';

/** The second region's server, started by the regions journey itself (never by playwright.config.ts). */
export const E2E_SYDNEY_PORT = E2E_PORT + 2;
export const E2E_US_ORIGIN = `http://localhost:${E2E_PORT}`;
export const E2E_SYDNEY_ORIGIN = `http://localhost:${E2E_SYDNEY_PORT}`;
/** REGION_URLS of both e2e servers (playwright.config.ts webServer env sets the same on us-central). */
export const E2E_REGION_URLS = `us-central=${E2E_US_ORIGIN},sydney=${E2E_SYDNEY_ORIGIN}`;

const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

export interface RegionServer {
  /** SIGTERM, then wait for the process to end (safe to call twice). */
  stop(): Promise<void>;
}

/**
 * The e2e server's database as a connection string: DATABASE_URL when the run sets one, else the
 * embedded PostgreSQL the e2e server runs in its DATA_DIR (port from `postmaster.pid` line 4, as
 * the admin CLI finds it; password from `postgres.password`).
 */
export function e2eDatabaseUrl(): string {
  if (process.env.DATABASE_URL) return process.env.DATABASE_URL;
  const dataDir = e2eDataDir();
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) throw new Error(`${pidFile} is missing: is the e2e server running on its embedded PostgreSQL?`);
  const port = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[3] ?? '', 10);
  if (!Number.isInteger(port) || port <= 0) throw new Error(`No port on line 4 of ${pidFile}`);
  const password = readFileSync(join(dataDir, 'postgres.password'), 'utf8').trim();
  return `postgresql://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/shopfront`;
}

/**
 * A "sydney" server (apps/server/dist/main.js) on E2E_SYDNEY_PORT beside the us-central e2e server,
 * on the same database and without a mirror: this journey is about the browser's routing;
 * replication is tested in apps/server/src/regions/two-regions.test.ts. Non-visitor calls are
 * forwarded to us-central; it has its own DATA_DIR. Resolves once
 * its /readyz answers 200.
 */
export async function startSydneyServer(): Promise<RegionServer> {
  const usDataDir = e2eDataDir();
  const dataDir = join(REPO, 'e2e', '.artifacts', `region-sydney-${Date.now()}`);
  mkdirSync(dataDir, { recursive: true });
  const appSecretFile = join(usDataDir, 'app-secret');
  const databaseUrl = e2eDatabaseUrl();
  const child = spawn(process.execPath, [join(REPO, 'apps', 'server', 'dist', 'main.js')], {
    cwd: REPO,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      NODE_ENV: 'test',
      REGION: 'sydney',
      PORT: String(E2E_SYDNEY_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: E2E_SYDNEY_ORIGIN,
      PRODUCT_HOSTS: 'localhost,127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      PRIMARY_REGION_URL: E2E_US_ORIGIN,
      REGION_URLS: E2E_REGION_URLS,
      // Servers sharing a database share the identity secret (identity/app-secret.ts).
      ...(existsSync(appSecretFile) && !process.env.APP_SECRET ? { APP_SECRET: readFileSync(appSecretFile, 'utf8').trim() } : {}),
      LOG_LEVEL: 'warn',
      CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000',
      ANALYTICS_LIMIT_PER_IP_PER_MINUTE: '100000',
      EMAIL_SENDS_PER_IP_PER_HOUR: '10000',
    },
  });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString('utf8'));
    if (output.length > 40) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // A crashed test run must not leave the server behind.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };

  try {
    await waitUntilReady(child, exited);
  } catch (error) {
    await stop();
    throw new Error(`The sydney server did not start: ${(error as Error).message}\n${output.join('')}`, { cause: error });
  }
  return { stop };
}

async function waitUntilReady(child: ChildProcess, exited: Promise<void>): Promise<void> {
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (gone) throw new Error(`it exited with ${child.exitCode ?? child.signalCode}`);
    const ready = await fetch(`http://127.0.0.1:${E2E_SYDNEY_PORT}/readyz`)
      .then((response) => response.ok)
      .catch(() => false);
    if (ready) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no 200 from /readyz within ${START_TIMEOUT_MS / 1000} s`);
}
