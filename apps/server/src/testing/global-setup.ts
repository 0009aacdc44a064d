import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';
import { runMigrations } from '../db/migrate.ts';
import { createLogger } from '../logger.ts';
import { buildServerBundle } from './server-bundle.ts';

export const TEMPLATE_DATABASE = 'shopfront_template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The `postgres` database of the run's embedded server, for CREATE DATABASE … TEMPLATE. */
    postgresAdminUrl: string;
    postgresTemplateDatabase: string;
    /** This run's build of the server and admin CLI bundles (testing/server-bundle.ts). */
    serverBundleDir: string;
  }
}

/**
 * Starts ONE embedded PostgreSQL for the whole run and migrates a template database; every test
 * file clones its own database from it (testing/test-database.ts). Builds the server bundles that
 * tests start as real processes.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const bundleDir = buildServerBundle();
  const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-test-pg-'));
  const log = createLogger({ logLevel: 'warn' });
  const server = await startEmbeddedPostgres({
    dataDir,
    log,
    database: TEMPLATE_DATABASE,
    // Throw-away data: durability settings off for speed (never in main.ts).
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off'],
  });
  await runMigrations(server.connectionString, log);
  project.provide('postgresAdminUrl', server.adminConnectionString);
  project.provide('postgresTemplateDatabase', TEMPLATE_DATABASE);
  project.provide('serverBundleDir', bundleDir);
  return async () => {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(bundleDir, { recursive: true, force: true });
  };
}
