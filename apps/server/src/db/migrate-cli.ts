import { loadEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { runMigrations } from './migrate.ts';
import { startDatabase } from './start-database.ts';

/** `npm run db:migrate`: apply migrations to DATABASE_URL, or to the embedded database in DATA_DIR. */
const env = loadEnv();
const log = createLogger(env);
const database = await startDatabase(env, log);
try {
  await runMigrations(database.connectionString, log);
} finally {
  await database.stop();
}
