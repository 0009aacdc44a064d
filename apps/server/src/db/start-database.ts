import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

export interface DatabaseServer {
  connectionString: string;
  /** Stops the embedded server; a no-op for an external DATABASE_URL. */
  stop(): Promise<void>;
}

/** DATABASE_URL when set (external PostgreSQL), otherwise our own embedded server. */
export async function startDatabase(env: Pick<Env, 'databaseUrl' | 'dataDir'>, log: Logger): Promise<DatabaseServer> {
  if (env.databaseUrl) {
    log.info('using the external PostgreSQL from DATABASE_URL');
    return { connectionString: env.databaseUrl, stop: async () => undefined };
  }
  return startEmbeddedPostgres({ dataDir: env.dataDir, log });
}
