#!/usr/bin/env node
// `npm run admin -- …`: the operator's CLI (apps/server/src/cli/admin.ts). Builds the server
// bundle when its sources are newer, then runs dist/admin.js with the arguments, exiting with its
// code. Build output goes to stderr so `npm run --silent admin` prints only the command's answer.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildIfStale, root } from './build-if-stale.mjs';
import { assertSupportedNode } from './check-node.mjs';

assertSupportedNode('npm run admin');
buildIfStale('admin', ['server'], { quiet: true });

const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/admin.js'), ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
