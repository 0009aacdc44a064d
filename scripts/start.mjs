#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server on the
// embedded defaults. Signals are forwarded so SIGTERM drains the server and stops PostgreSQL.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const targets = [
  { name: 'web app', output: 'apps/web/dist/index.html', sources: ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/core/src'], workspace: 'apps/web' },
  { name: 'server', output: 'apps/server/dist/main.js', sources: ['apps/server/src', 'apps/server/build.mjs', 'packages/core/src'], workspace: 'apps/server' },
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

for (const target of targets) {
  const outputTime = newestMtime(target.output);
  const sourceTime = Math.max(...target.sources.map(newestMtime));
  if (outputTime >= sourceTime) continue;
  console.log(`[start] building the ${target.name}…`);
  const result = spawnSync('npm', ['run', 'build', '-w', target.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
