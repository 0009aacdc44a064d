import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVER_NODE_FLAGS, SERVER_PROCESS_ENV } from '@shopfront/server/node-flags';
import { stopChild } from './nginx.ts';
import { freePort, waitForHttp } from './wait.ts';

const root = join(import.meta.dirname, '..', '..');

/**
 * The server bundle: apps/server/dist, or `BENCH_SERVER_DIR` (a folder `node apps/server/build.mjs
 * <dir>` wrote, under apps/server so it finds its packages) to compare two builds.
 */
const serverDirOf = () => process.env.BENCH_SERVER_DIR ?? join(root, 'apps/server/dist');

/** Starts the built server (building it first if needed) on a fresh embedded database. */
export async function startServer(extraEnv: Record<string, string> = {}) {
  // Read at each start, so one script can start two bundles side by side.
  const serverDir = serverDirOf();
  if (!existsSync(join(serverDir, 'main.js')) || !existsSync(join(root, 'apps/web/dist/index.html'))) {
    const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    if (built.status !== 0) throw new Error('build failed');
  }
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-bench-'));
  // BENCH_SERVER_NODE: another Node binary for the server alone (the references keep this one),
  // to compare Node releases in one sitting (bench/README.md).
  // The V8 flags `npm start` and the systemd unit give the server, so the bench measures what ships.
  const child = spawn(process.env.BENCH_SERVER_NODE || process.execPath, [...SERVER_NODE_FLAGS, join(serverDir, 'main.js')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...SERVER_PROCESS_ENV,
      ...process.env,
      // test: the development-only functions exist (testFunction, seeding); no dev banner, quiet logs
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://localhost:${port}`,
      // One client address measures throughput: the checkout throttle would answer 429.
      CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000000',
      CHECKOUT_LIMIT_PER_STORE_PER_MINUTE: '10000000',
      ...extraEnv,
    },
  });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/readyz`, 60_000);
  return { url, publicUrl: `http://localhost:${port}`, dataDir, pid: child.pid, stop: () => stopChild(child) };
}

export async function callFunction(
  baseUrl: string,
  name: string,
  data: unknown,
  headers: Record<string, string> = {},
): Promise<unknown> {
  const res = await fetch(`${baseUrl}/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ data }),
  });
  const body = (await res.json()) as { result?: unknown; error?: unknown };
  if (!res.ok) throw new Error(`${name} failed: ${JSON.stringify(body.error)}`);
  return body.result;
}
