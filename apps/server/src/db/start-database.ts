import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export interface DatabaseServer {
  connectionString: string;
  /** Stops the embedded server; a no-op for an external DATABASE_URL. */
  stop(): Promise<void>;
}

/**
 * Connections one server process may open: its pool (db/client.ts, 10) and its LISTEN
 * connections (jobs, campaigns, storefront, dashboard answers, feature flags, previews, with room
 * to spare). The embedded server allows PostgreSQL's 100 plus this many per extra process.
 */
export const CONNECTIONS_PER_PROCESS = 20;

/**
 * DATABASE_URL when set (external PostgreSQL), otherwise our own embedded server, sized for
 * `processes` server processes (WEB_CONCURRENCY; an external server is sized by its operator).
 */
export async function startDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, log: Logger, options: { processes?: number } = {}): Promise<DatabaseServer> {
  if (env.databaseUrl) {
    log.info('using the external PostgreSQL from DATABASE_URL');
    return { connectionString: env.databaseUrl, stop: async () => undefined };
  }
  const processes = options.processes ?? 1;
  const postgresFlags = processes > 1 ? ['-c', `max_connections=${100 + (processes - 1) * CONNECTIONS_PER_PROCESS}`] : [];
  return startEmbeddedPostgres({ dataDir: env.dataDir, log, postgresFlags });
}
