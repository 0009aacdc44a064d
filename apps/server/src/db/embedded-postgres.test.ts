import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-exit-code-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/**
 * Runs a module in a fresh Node process that starts and stops the embedded PostgreSQL, then ends
 * on its own with `exitCode`; resolves with the code the process really exited with.
 */
function exitCodeAfterEmbeddedPostgres(exitCode: number): Promise<number | null> {
  const script = `
    import { startEmbeddedPostgres } from './src/db/embedded-postgres.ts';
    import { createLogger } from './src/logger.ts';
    const server = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, log: createLogger({ logLevel: 'silent' }) });
    await server.stop();
    process.exitCode = ${exitCode};
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: SERVER_PACKAGE_ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('a process that loads the embedded PostgreSQL package', () => {
  it('keeps a failing exit code (the package no longer ends it with 0)', async () => {
    expect(await exitCodeAfterEmbeddedPostgres(3)).toBe(3);
  });

  it('exits 0 when nothing failed', async () => {
    expect(await exitCodeAfterEmbeddedPostgres(0)).toBe(0);
  });
});
