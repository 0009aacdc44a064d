// Builds the web app and the server when their output is missing or older than their sources.
// Used by `npm start`, `npm run admin` and `npm run dev:regions`.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  { name: 'web app', outputs: ['apps/web/dist/index.html'], sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'], workspace: 'apps/web' },
  { name: 'server', outputs: ['apps/server/dist/main.js', 'apps/server/dist/admin.js'], sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src'], workspace: 'apps/server' },
];

function newestMtime(path) {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(full)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

/**
 * Exits the process when a build fails. `only`: the targets to check (default both); `quiet`:
 * build output goes to stderr, keeping stdout for the command's own answer.
 */
export function buildIfStale(label, only = ['web app', 'server'], { quiet = false } = {}) {
  for (const target of targets.filter((item) => only.includes(item.name))) {
    const outputTime = Math.min(...target.outputs.map(newestMtime));
    const sourceTime = Math.max(...target.sources.map(newestMtime));
    if (outputTime >= sourceTime) continue;
    (quiet ? console.error : console.log)(`[${label}] building the ${target.name}…`);
    const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: quiet ? ['ignore', 2, 2] : 'inherit' });
    if (result.status !== 0) process.exit(result.status ?? 1);
  }
}
