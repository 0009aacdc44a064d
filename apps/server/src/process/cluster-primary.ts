import cluster, { type Worker } from 'node:cluster';
import { createDb, createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { startDatabase } from '../db/start-database.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { isWorkerMessage, type PrimaryMessage } from './cluster-messages.ts';
import { withServerNodeFlags, withServerProcessEnv } from './node-flags.ts';
import { nextRestartDelay } from './restart-backoff.ts';
import { afterListening, DRAIN_TIMEOUT_MS, maintainPartitions } from './serve.ts';

/** How long SIGTERM lets the workers drain before the primary exits anyway (a process manager's stop timeout must be longer). */
export const PRIMARY_DRAIN_TIMEOUT_MS = DRAIN_TIMEOUT_MS + 5_000;

interface Slot {
  worker: Worker | null;
  ready: boolean;
  startedAt: number;
  lastDelayMs: number | null;
  restart: NodeJS.Timeout | null;
}

/**
 * The cluster's primary (WEB_CONCURRENCY > 1, docs/deploy.md). It serves nothing itself: it
 * starts the embedded PostgreSQL and migrates once, does the once-per-machine start-up work, and
 * forks `workers` server processes that share one port. It restarts a crashed worker with backoff
 * (restart-backoff.ts), tells every worker how many are ready (their /readyz answers 503 until all
 * are), and on SIGTERM drains every worker, then stops PostgreSQL.
 */
export async function runPrimary(options: { env: Env; log: Logger; workers: number; exitWith: (error: unknown, message: string) => never }) {
  const { env, workers, exitWith } = options;
  const log = options.log.child({ role: 'primary' });
  const database = await startDatabase(env, log, { processes: workers }).catch((error: unknown) => exitWith(error, 'database did not start'));
  await runMigrations(database.connectionString, log).catch(async (error: unknown) => {
    await database.stop();
    exitWith(error, 'database migrations failed');
  });
  let stopping = false;
  const pool = createPool({ connectionString: database.connectionString, log, stopping: () => stopping });
  const db = createDb(pool);
  await maintainPartitions(db, env, log);

  const slots: Slot[] = Array.from({ length: workers }, () => ({ worker: null, ready: false, startedAt: 0, lastDelayMs: null, restart: null }));
  let announced = false;

  function broadcast(): void {
    const message: PrimaryMessage = { type: 'shopfront:readiness', ready: slots.filter((slot) => slot.ready).length, total: workers };
    // A worker exiting right now cannot take it: the callback keeps that from becoming an 'error' event.
    for (const slot of slots) if (slot.worker?.isConnected()) slot.worker.send(message, () => undefined);
    if (!announced && message.ready === workers) {
      announced = true;
      log.info({ url: `http://${env.host}:${env.port}`, publicUrl: env.publicUrl, port: env.port, workers }, 'Shopfront is listening');
      void afterListening(db, env, log);
    }
  }

  // Workers run with the server's V8 flags and malloc settings even when the primary was started without them.
  cluster.setupPrimary({ execArgv: withServerNodeFlags(process.execArgv) });

  function fork(index: number): void {
    const slot = slots[index]!;
    const worker = cluster.fork({ ...workerProcessEnv(env), DATABASE_URL: database.connectionString });
    Object.assign(slot, { worker, ready: false, startedAt: Date.now(), restart: null });
    worker.on('message', (message: unknown) => {
      if (!isWorkerMessage(message) || slot.worker !== worker) return;
      slot.ready = true;
      broadcast();
    });
    worker.on('online', broadcast);
    worker.on('exit', (code, signal) => {
      if (slot.worker !== worker) return;
      slot.worker = null;
      slot.ready = false;
      if (stopping) return;
      // A worker that fails before the machine ever served (port taken, bad configuration) would
      // fail again: stop with an error, as one process does, rather than restart it forever.
      if (!announced) {
        log.fatal({ worker: index, pid: worker.process.pid, code, signal }, 'a worker failed to start; stopping');
        void shutdown('worker failed to start', 1);
        return;
      }
      const delayMs = nextRestartDelay(slot.lastDelayMs, Date.now() - slot.startedAt);
      slot.lastDelayMs = delayMs;
      log.error({ worker: index, pid: worker.process.pid, code, signal, restartInMs: delayMs }, 'worker exited; restarting it');
      broadcast();
      slot.restart = setTimeout(() => fork(index), delayMs);
    });
  }

  async function shutdown(signal: string, exitCode = 0): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info({ signal, workers }, 'shutting down: draining every worker');
    const forceExit = setTimeout(() => {
      log.error('drain timed out; exiting');
      process.exit(1);
    }, PRIMARY_DRAIN_TIMEOUT_MS);
    forceExit.unref();
    const exits = slots.map((slot) => {
      if (slot.restart) clearTimeout(slot.restart);
      const { worker } = slot;
      if (!worker || worker.isDead()) return Promise.resolve(0);
      return new Promise<number>((resolve) => {
        worker.once('exit', (code) => resolve(code ?? 1));
        worker.process.kill('SIGTERM');
      });
    });
    const codes = await Promise.all(exits);
    try {
      await pool.end();
      await database.stop();
      log.info({ workerExitCodes: codes }, 'stopped');
      process.exit(exitCode === 0 && codes.every((code) => code === 0) ? 0 : 1);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

  log.info({ workers }, 'starting server workers');
  for (let index = 0; index < workers; index++) fork(index);
}

/** The environment a forked worker starts with besides the primary's: the operator's MALLOC_ARENA_MAX, else the server's default. */
export function workerProcessEnv(env: Pick<Env, 'mallocArenaMax'>): Record<string, string> {
  return withServerProcessEnv(env.mallocArenaMax === undefined ? {} : { MALLOC_ARENA_MAX: String(env.mallocArenaMax) });
}
