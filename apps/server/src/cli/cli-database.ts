import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import type { Env } from '../env.ts';
import type { Logger } from '../logger.ts';
import { CommandError } from './admin-args.ts';
import { findRunningEmbeddedPostgres, hasEmbeddedCluster } from './running-postgres.ts';

export interface CliDatabase {
  connectionString: string;
  /** Stops PostgreSQL only if this command started it. */
  close(): Promise<void>;
}

/**
 * DATABASE_URL; else the embedded PostgreSQL already running for DATA_DIR (the server's: it keeps
 * running); else start the embedded one just for this command (creating it in an empty DATA_DIR
 * only with `createCluster`: restore into a fresh DATA_DIR).
 */
export async function openCliDatabase(
  env: Pick<Env, 'databaseUrl' | 'dataDir'>,
  log: Logger,
  options: { createCluster?: boolean } = {},
): Promise<CliDatabase> {
  if (env.databaseUrl) return { connectionString: env.databaseUrl, close: async () => undefined };
  const running = findRunningEmbeddedPostgres(env.dataDir);
  if (running) return { connectionString: running.connectionString, close: async () => undefined };
  if (!options.createCluster && !hasEmbeddedCluster(env.dataDir)) {
    throw new CommandError(`No Shopfront database in ${env.dataDir}: start the server once (npm start), or set DATA_DIR or DATABASE_URL.`);
  }
  const started = await startEmbeddedPostgres({ dataDir: env.dataDir, log });
  return { connectionString: started.connectionString, close: () => started.stop() };
}
