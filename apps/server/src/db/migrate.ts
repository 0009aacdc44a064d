import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import type { Logger } from '../logger.ts';
import { MIGRATIONS_DIR } from '../paths.ts';

/** Any constant shared by every app server: only one of them migrates at a time. */
const MIGRATION_LOCK_KEY = 7_305_162_240;

/** Applies apps/server/drizzle/*.sql, holding an advisory lock so several servers can start together. */
export async function runMigrations(connectionString: string, log: Logger): Promise<void> {
  const client = new pg.Client({ connectionString, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
    const started = Date.now();
    await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_DIR });
    log.info({ ms: Date.now() - started }, 'database migrations applied');
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
    await client.end();
  }
}
