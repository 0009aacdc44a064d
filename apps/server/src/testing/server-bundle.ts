import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';

/**
 * Builds the server's bundles (build.mjs: dist/main.js and dist/admin.js) into a fresh folder for
 * one test run, from the source as it is now. Tests that need a real process (drills, the CLI,
 * two servers) start these with plain `node`: about a second where `node --import tsx` compiled the
 * whole server again for every start. The folder sits under apps/server so the bundle finds its
 * npm packages and its package root as dist/ does.
 */
export function buildServerBundle(): string {
  const parent = join(SERVER_PACKAGE_ROOT, 'node_modules', '.cache');
  mkdirSync(parent, { recursive: true });
  const dir = mkdtempSync(join(parent, 'test-bundle-'));
  const result = spawnSync(process.execPath, ['build.mjs', dir], { cwd: SERVER_PACKAGE_ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the server bundle did not build:\n${result.stdout}\n${result.stderr}`);
  return dir;
}

/** The run's bundle of `src/main.ts` or `src/cli/admin.ts` (testing/global-setup.ts builds it). */
export function serverBundle(entry: 'main' | 'admin'): string {
  return join(inject('serverBundleDir'), `${entry}.js`);
}
