import { buildApp } from '../app.ts';
import { createAppJobRunner, scheduleHourlyJobs } from '../app-jobs.ts';
import { createDb, createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { startDatabase } from '../db/start-database.ts';
import { runAnalyticsMaintenance } from '../domain/analytics/maintenance/run-analytics-maintenance.ts';
import type { Env } from '../env.ts';
import { removeCrashLeftovers } from '../files/storage-from-env.ts';
import type { Logger } from '../logger.ts';
import { openMirror } from '../regions/open-mirror.ts';
import { connectToPrimary } from './cluster-worker.ts';
import type { Database } from '../db/client.ts';

/** How long SIGTERM waits for in-flight requests and jobs before giving up. */
export const DRAIN_TIMEOUT_MS = 25_000;

/**
 * One server process: start (or reach) the database, migrate, build the app, listen; drain and
 * stop on SIGTERM. `single` is the whole server (WEB_CONCURRENCY=1). A cluster `worker` gets the
 * database from its primary (DATABASE_URL), which already migrated, maintained the partitions,
 * scheduled the hourly jobs and swept crash leftovers once for the machine; the worker tells the
 * primary when it listens, and its /readyz follows every worker's readiness (cluster-primary.ts).
 */
export async function serve(options: { env: Env; log: Logger; role: 'single' | 'worker'; exitWith: (error: unknown, message: string) => never }) {
  const { env, log, role, exitWith } = options;
  const worker = role === 'worker' ? connectToPrimary() : null;
  const database = await startDatabase(env, log).catch((error: unknown) => exitWith(error, 'database did not start'));
  if (!worker) {
    await runMigrations(database.connectionString, log).catch(async (error: unknown) => {
      await database.stop();
      exitWith(error, 'database migrations failed');
    });
  }
  let stopping = false;
  const pool = createPool({ connectionString: database.connectionString, log, stopping: () => stopping });
  const db = createDb(pool);
  if (!worker) await maintainPartitions(db, env, log);
  // Durable jobs (emails): LISTEN wakes this server when another one enqueues; app.close() drains them.
  const jobs = createAppJobRunner({ env, db, log, listenConnectionString: database.connectionString });
  // A secondary region reads visitor data from its mirror (docs/regions.md); writes go to DATABASE_URL.
  const mirror = env.regions.mirrorDatabaseUrl ? openMirror(env.regions.mirrorDatabaseUrl, log) : null;
  const app = await buildApp({ env, db, logger: log, jobs, ...(mirror ? { mirror } : {}), ...(worker ? { cluster: worker.readiness } : {}) });
  // Lets the cluster test tell the workers apart; never sent outside tests.
  if (worker && env.nodeEnv === 'test') app.addHook('onRequest', async (_request, reply) => void reply.header('x-shopfront-worker', String(process.pid)));

  async function shutdown(signal: string): Promise<void> {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'shutting down: draining in-flight requests and jobs');
    const forceExit = setTimeout(() => {
      log.error('drain timed out; exiting');
      process.exit(1);
    }, DRAIN_TIMEOUT_MS);
    forceExit.unref();
    try {
      await app.close();
      await mirror?.close();
      await pool.end();
      await database.stop();
      log.info('stopped');
      process.exit(0);
    } catch (error) {
      log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
  // A worker whose primary is gone (killed) stops too, rather than serving on alone.
  if (worker) process.on('disconnect', () => void shutdown('primary disconnected'));
  // SECURITY "Reliability": an unexpected error is logged and the process stays up.
  process.on('unhandledRejection', (reason) => log.error({ err: reason }, 'unhandled promise rejection'));

  try {
    await app.listen({ host: env.host, port: env.port });
  } catch (error) {
    await pool.end();
    await database.stop();
    exitWith(error, `could not listen on ${env.host}:${env.port}`);
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.port;
  if (worker) {
    log.info({ pid: process.pid, port }, 'worker listening');
    worker.listening();
  } else {
    log.info({ url: `http://${env.host}:${port}`, publicUrl: env.publicUrl, port }, 'Shopfront is listening');
  }
  jobs.start();
  if (!worker) await afterListening(db, env, log);
}

/** Analytics partitions for this month and the next two exist before the first page view is written. */
export async function maintainPartitions(db: Database, env: Env, log: Logger): Promise<void> {
  await runAnalyticsMaintenance(db, { now: new Date(), retentionMonths: env.analytics.retentionMonths }).catch((error: unknown) =>
    log.error({ err: error }, 'could not maintain the analytics partitions'),
  );
}

/** Once per machine: sweep half-written files of an earlier crash, schedule the hourly jobs. */
export async function afterListening(db: Database, env: Env, log: Logger): Promise<void> {
  void removeCrashLeftovers(env)
    .then((removed) => removed > 0 && log.info({ removed }, 'removed half-written files left by an earlier crash'))
    .catch((error: unknown) => log.warn({ err: error }, 'could not look for half-written files'));
  await scheduleHourlyJobs(db, new Date()).catch((error: unknown) => log.error({ err: error }, 'could not schedule the hourly jobs'));
}
