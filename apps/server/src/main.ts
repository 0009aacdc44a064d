import { buildApp } from './app.ts';
import { createDb, createPool } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { startDatabase } from './db/start-database.ts';
import { EnvError, loadEnv, type Env } from './env.ts';
import { getAppSecret } from './identity/app-secret.ts';
import { createAppJobRunner, scheduleHourlyJobs } from './app-jobs.ts';
import { removeCrashLeftovers } from './files/storage-from-env.ts';
import { createLogger } from './logger.ts';
import { openMirror } from './regions/open-mirror.ts';
import { runAnalyticsMaintenance } from './domain/analytics/maintenance/run-analytics-maintenance.ts';

/** Read env, start the database, migrate, build the app, listen; drain and stop on SIGTERM. */
const DRAIN_TIMEOUT_MS = 25_000;

const env = readEnvOrExit();
const log = createLogger(env);
// Fail at start, not at the first sign-up, if the identity secret cannot be read or created.
try {
  getAppSecret(env);
} catch (error) {
  exitWith(error, 'APP_SECRET is not set and DATA_DIR/app-secret cannot be used');
}
const database = await startDatabase(env, log).catch((error: unknown) => exitWith(error, 'database did not start'));
await runMigrations(database.connectionString, log).catch(async (error: unknown) => {
  await database.stop();
  exitWith(error, 'database migrations failed');
});
const pool = createPool({ connectionString: database.connectionString, log });
const db = createDb(pool);
// Durable jobs (emails): LISTEN wakes this server when another one enqueues; app.close() drains them.
// Analytics partitions for this month and the next two exist before the first page view is written.
await runAnalyticsMaintenance(db, { now: new Date(), retentionMonths: env.analytics.retentionMonths }).catch((error: unknown) =>
  log.error({ err: error }, 'could not maintain the analytics partitions'),
);
const jobs = createAppJobRunner({ env, db, log, listenConnectionString: database.connectionString });
// A secondary region reads visitor data from its mirror (docs/regions.md); writes go to DATABASE_URL.
const mirror = env.regions.mirrorDatabaseUrl ? openMirror(env.regions.mirrorDatabaseUrl, log) : null;
const app = await buildApp({ env, db, logger: log, jobs, ...(mirror ? { mirror } : {}) });

let stopping = false;
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
log.info({ url: `http://${env.host}:${port}`, publicUrl: env.publicUrl, port }, 'Shopfront is listening');
jobs.start();
void removeCrashLeftovers(env)
  .then((removed) => removed > 0 && log.info({ removed }, 'removed half-written files left by an earlier crash'))
  .catch((error: unknown) => log.warn({ err: error }, 'could not look for half-written files'));
await scheduleHourlyJobs(db, new Date()).catch((error: unknown) => log.error({ err: error }, 'could not schedule the hourly jobs'));

function readEnvOrExit(): Env {
  try {
    return loadEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

function exitWith(error: unknown, message: string): never {
  log.fatal({ err: error }, message);
  process.exit(1);
}
