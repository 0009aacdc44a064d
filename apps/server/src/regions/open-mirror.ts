import type pg from 'pg';
import { createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { installMirrorTriggers } from '../db/replication.ts';
import type { Logger } from '../logger.ts';

const RETRY_MS = 10_000;

export interface OpenedMirror {
  pool: pg.Pool;
  connectionString: string;
  /** The mirror's schema is this release's and its change triggers are installed. */
  isPrepared(): boolean;
  close(): Promise<void>;
}

/**
 * A region's mirror (docs/regions.md): the same migrations as the primary (replication carries
 * rows, not schema) and the triggers that announce replicated changes. A mirror that is down at
 * start does not stop the server: visitors read the primary, and preparing is retried.
 */
export function openMirror(connectionString: string, log: Logger): OpenedMirror {
  const pool = createPool({ connectionString, log });
  let prepared = false;
  let timer: NodeJS.Timeout | null = null;
  let closed = false;

  async function prepare(): Promise<void> {
    try {
      await runMigrations(connectionString, log);
      const client = await pool.connect();
      try {
        await installMirrorTriggers(client);
      } finally {
        client.release();
      }
      prepared = true;
      log.info('the region mirror is migrated and its change triggers are installed');
    } catch (error) {
      log.warn({ err: error }, 'could not prepare the region mirror; visitor reads use the primary until it answers');
      if (!closed) {
        timer = setTimeout(() => void prepare(), RETRY_MS);
        timer.unref();
      }
    }
  }
  void prepare();

  return {
    pool,
    connectionString,
    isPrepared: () => prepared,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      await pool.end();
    },
  };
}
