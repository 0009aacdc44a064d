import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import * as schema from './schema/index.ts';

export type Database = NodePgDatabase<typeof schema>;

/**
 * Without a connect timeout pg waits forever on an unreachable server (STACK.md); 3 s keeps a
 * "database down" answer inside the 5 s promised by SECURITY "Reliability".
 */
export const POOL_DEFAULTS = {
  connectionTimeoutMillis: 3_000,
  statementTimeoutMillis: 10_000,
  max: 10,
} as const;

export interface PoolOptions {
  connectionString: string;
  log: Logger;
  max?: number;
  connectionTimeoutMillis?: number;
  /**
   * True once the process is shutting down. A signal sent to the whole process group (Ctrl-C on
   * `npm start`, a test runner stopping its web server) also reaches the embedded PostgreSQL, which
   * ends its connections before the pool does: expected then, so logged at info, not as a warning.
   */
  stopping?: () => boolean;
}

export function createPool(options: PoolOptions): pg.Pool {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? POOL_DEFAULTS.max,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? POOL_DEFAULTS.connectionTimeoutMillis,
    statement_timeout: POOL_DEFAULTS.statementTimeoutMillis,
    idle_in_transaction_session_timeout: POOL_DEFAULTS.statementTimeoutMillis * 3,
    application_name: 'shopfront',
  });
  // An idle client that loses its server emits here; without a listener the process would crash.
  // pg hangs the whole client (connection settings, queues) on the error: log what explains it.
  pool.on('error', (error) => {
    if (options.stopping?.()) options.log.info({ code: (error as { code?: string }).code }, 'database connection closed while shutting down');
    else options.log.warn({ err: connectionErrorFields(error) }, 'database connection lost');
  });
  return pool;
}

export function createDb(pool: pg.Pool): Database {
  return drizzle(pool, { schema });
}

/** The pg pool under a Drizzle database (Drizzle keeps it as `$client`): its settings, or a named statement run as given. */
export function poolOf(db: Database): pg.Pool {
  return (db as unknown as { $client: pg.Pool }).$client;
}

/** The part of a pg connection error worth a log line (SQLSTATE, message, stack), never its client. */
export function connectionErrorFields(error: Error & { code?: string }): { type: string; message: string; code?: string; stack?: string } {
  return { type: error.name, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.stack ? { stack: error.stack } : {}) };
}
