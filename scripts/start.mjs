#!/usr/bin/env node
// `npm start`: build whatever is missing or older than its sources, then run the server on the
// embedded defaults. Signals are forwarded so SIGTERM drains the server and stops PostgreSQL.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { assertSupportedNode } from './check-node.mjs';

assertSupportedNode('npm start');

buildIfStale('start');

// Node 24 strips the types of this one small module itself (checked above, so imported only now).
const { withServerNodeFlags, withServerProcessEnv } = await import('../apps/server/src/process/node-flags.ts');
const server = spawn(process.execPath, [...withServerNodeFlags(['--enable-source-maps']), join(root, 'apps/server/dist/main.js')], {
  cwd: root,
  env: withServerProcessEnv(process.env),
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
