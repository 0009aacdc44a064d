import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/free-port.ts';
import { stopOrphanPostgres } from '../db/orphan-postgres.ts';
import { createLogger } from '../logger.ts';
import { processBudget } from '../testing/process-budget.ts';
import { callRunningServer, startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { runAdminProcess } from './cli-fixtures.ts';

/** The CLI on DATA_DIR's embedded PostgreSQL: beside a running server, and on its own. */
// Each test starts real processes, the first on a fresh PostgreSQL cluster (initdb): its budget is
// what it starts (testing/process-budget.ts), not the suite's 20 s.
describe('npm run admin on the embedded database', () => {
  let dataDir: string;
  let server: ServerProcess | undefined;
  const pidFile = () => join(dataDir, 'postgres', 'postmaster.pid');

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'shopfront-admin-cli-'));
  });
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await stopOrphanPostgres(join(dataDir, 'postgres'), createLogger({ logLevel: 'silent' }));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('works while the server runs on the same DATA_DIR, using its PostgreSQL and leaving it running', { timeout: processBudget({ newCluster: 1, serverStart: 1, cliRun: 2 }) }, async () => {
    server = await startServerProcess({ dataDir, port: await findFreePort() });
    expect((await callRunningServer(server.url, 'testCreateStoreSimple', { slug: 'cli-shop', name: 'CLI' })).status).toBe(200);
    const postmaster = readFileSync(pidFile(), 'utf8');

    const grant = await runAdminProcess(['grant', 'dev-creator@shopfront.test'], { DATA_DIR: dataDir });
    expect(grant).toEqual({ code: 0, stdout: 'dev-creator@shopfront.test is now an admin (recorded in the admin audit log).\n', stderr: '' });
    expect((await runAdminProcess(['list'], { DATA_DIR: dataDir })).stdout).toBe('Admins (1):\n  dev-creator@shopfront.test  dev_creator\n');

    expect(readFileSync(pidFile(), 'utf8')).toBe(postmaster);
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
  });

  it('starts the embedded PostgreSQL itself when no server runs, and stops it afterwards', { timeout: processBudget({ cliRun: 1, postgresStart: 1 }) }, async () => {
    expect(existsSync(pidFile())).toBe(false);
    const list = await runAdminProcess(['list'], { DATA_DIR: dataDir });
    expect(list).toEqual({ code: 0, stdout: 'Admins (1):\n  dev-creator@shopfront.test  dev_creator\n', stderr: '' });
    expect(existsSync(pidFile())).toBe(false);
  });
});
