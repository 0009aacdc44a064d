import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ARTIFACTS = join(dirname(fileURLToPath(import.meta.url)), '..', '.artifacts');

/**
 * The running e2e server's DATA_DIR (absolute). start-server.mjs makes a fresh
 * `e2e/.artifacts/data-<time>` per run and removes older ones, so the newest is the server's.
 */
export function e2eDataDir(): string {
  const dirs = readdirSync(ARTIFACTS)
    .filter((name) => name.startsWith('data-'))
    .map((name) => join(ARTIFACTS, name))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!dirs[0]) throw new Error(`No data-* directory in ${ARTIFACTS}: is the e2e server running?`);
  return dirs[0];
}
