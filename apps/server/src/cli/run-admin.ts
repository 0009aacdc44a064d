import { pino } from 'pino';
import { createDb, createPool } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { EnvError, parseEnv } from '../env.ts';
import { createLogger } from '../logger.ts';
import { ADMIN_USAGE, CommandError, parseAdminArgs, UsageError } from './admin-args.ts';
import { storageFromEnv } from '../files/storage-from-env.ts';
import { runAdminCommand } from './admin-commands.ts';
import { checkBackupPath, runBackup, runRestore } from './backup.ts';
import { openCliDatabase } from './cli-database.ts';

/** Where the CLI reads its configuration and writes: the process's own, or a test's. */
export interface AdminIo {
  env: Record<string, string | undefined>;
  stdout: { write(text: string): unknown };
  stderr: { write(text: string): unknown };
}

/**
 * `npm run admin -- grant|revoke|list|plan|flag|maintenance|email-resume|reset-2fa|backup|restore …` (`flag` for the
 * feature flags). Prints the result on stdout and answers the exit code: 1 for a refused command,
 * 2 for a mistyped one. admin.ts runs it for the process; tests call it directly.
 */
export async function runAdmin(argv: string[], io: AdminIo): Promise<number> {
  const fail = (error: unknown) => failWith(error, io);
  let command;
  try {
    command = parseAdminArgs(argv);
  } catch (error) {
    return fail(error);
  }
  if (command.name === 'help') {
    io.stdout.write(ADMIN_USAGE);
    return 0;
  }

  let env;
  try {
    env = parseEnv(io.env);
  } catch (error) {
    if (error instanceof EnvError) return fail(new CommandError(error.message));
    throw error;
  }
  // Logs go to stderr at warn, so stdout carries only the answer.
  const log = createLogger({ logLevel: 'warn' }, io.stderr === process.stderr ? pino.destination(2) : { write: (line: string) => io.stderr.write(line) });
  let database;
  try {
    if (command.name === 'backup' || command.name === 'restore') checkBackupPath(command);
    database = await openCliDatabase(env, log, { createCluster: command.name === 'restore' });
  } catch (error) {
    return fail(error);
  }
  const pool = createPool({ connectionString: database.connectionString, log, max: 2 });
  try {
    await runMigrations(database.connectionString, log);
    const deps = { db: createDb(pool), now: new Date(), publicUrl: env.publicUrl };
    const output =
      command.name === 'backup'
        ? await runBackup(command.file, { ...deps, env, pool, storage: storageFromEnv(env) })
        : command.name === 'restore'
          ? await runRestore(command.file, { ...deps, env, pool, storage: storageFromEnv(env), force: command.force })
          : await runAdminCommand(command, deps);
    io.stdout.write(`${output}\n`);
    return 0;
  } catch (error) {
    return fail(error);
  } finally {
    await pool.end();
    await database.close();
  }
}

function failWith(error: unknown, io: AdminIo): number {
  if (error instanceof UsageError) {
    io.stderr.write(`Error: ${error.message}\n\n${ADMIN_USAGE}`);
    return 2;
  }
  if (error instanceof CommandError) {
    io.stderr.write(`Error: ${error.message}\n`);
    return 1;
  }
  const detail = error instanceof Error ? error.message : String(error);
  io.stderr.write(`Error: the admin command failed: ${detail}\n`);
  return 1;
}

