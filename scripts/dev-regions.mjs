#!/usr/bin/env node
// `npm run dev:regions`: both data regions on one machine (docs/regions.md). Two embedded
// PostgreSQL clusters under ./data/regions (us-central publishes, sydney subscribes) and two
// servers: us-central on http://localhost:3000, sydney on http://localhost:3001. Ctrl-C stops all.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { tsImport } from 'tsx/esm/api';
import { buildIfStale, root } from './build-if-stale.mjs';
import { assertSupportedNode } from './check-node.mjs';

assertSupportedNode('npm run dev:regions');

buildIfStale('dev:regions');

const usPort = Number(process.env.REGIONS_PORT ?? 3000);
const sydneyPort = usPort + 1;
const dataDir = join(root, 'data', 'regions');
const { startRegionDatabases } = await tsImport('../apps/server/src/regions/start-region-databases.ts', import.meta.url);
const { createLogger } = await tsImport('../apps/server/src/logger.ts', import.meta.url);
const log = createLogger({ logLevel: process.env.LOG_LEVEL ?? 'info' });
console.log('[dev:regions] starting the us-central and sydney databases…');
const databases = await startRegionDatabases({ dir: dataDir, log });

const usUrl = `http://localhost:${usPort}`;
const sydneyUrl = `http://localhost:${sydneyPort}`;
// Both servers share one DATA_DIR (app secret, uploaded files) and trust each other's forwarding.
const common = {
  ...process.env,
  DATA_DIR: join(dataDir, 'app'),
  PUBLIC_URL: usUrl,
  CORS_ORIGINS: `${usUrl},${sydneyUrl}`,
  REGION_URLS: `us-central=${usUrl},sydney=${sydneyUrl}`,
  TRUST_PROXY: 'loopback',
  DATABASE_URL: databases.primaryUrl,
};
const servers = [
  { REGION: 'us-central', PORT: String(usPort) },
  { REGION: 'sydney', PORT: String(sydneyPort), MIRROR_DATABASE_URL: databases.mirrorUrl, PRIMARY_REGION_URL: `http://127.0.0.1:${usPort}` },
].map((env) =>
  spawn(process.execPath, ['--enable-source-maps', join(root, 'apps/server/dist/main.js')], { cwd: root, stdio: 'inherit', env: { ...common, ...env } }),
);
console.log(`[dev:regions] us-central: ${usUrl}   sydney: ${sydneyUrl}   (readiness and lag: ${sydneyUrl}/readyz)`);

let stopping = false;
/** Stops both servers and databases; exits with `code` (a server that failed makes it non-zero). */
async function stop(signal, code) {
  if (stopping) return;
  stopping = true;
  await Promise.all(
    servers.map((child) => (child.exitCode === null ? new Promise((resolve) => (child.once('exit', resolve), child.kill(signal))) : null)),
  );
  await databases.stop();
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop(signal, 0));
for (const child of servers) child.on('exit', (code, signal) => void stop('SIGTERM', code ?? (signal ? 1 : 0)));
