import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findFreePort } from '../db/free-port.ts';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';

/** The caching front's configuration, as shipped (docs/deploy.md "A caching front"). */
export const FRONT_CONFIG_PATH = join(SERVER_PACKAGE_ROOT, '..', '..', 'deploy', 'nginx', 'shopfront.conf');
const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** nginx's binary, or null (Debian: `apt-get install nginx-light`; CI has it). */
export function findNginx(): string | null {
  return NGINX_CANDIDATES.find((path) => existsSync(path)) ?? null;
}

/**
 * deploy/nginx/shopfront.conf with its three EDIT lines pointed at this run: the cache folder,
 * the upstream server and the listening address. Fails if one of them is no longer in the file,
 * so the test always runs the shipped configuration and nothing else.
 */
export function frontConfigFor(options: { cacheDir: string; upstream: string; listen: string }): string {
  const edits: [string, string][] = [
    ['proxy_cache_path /var/cache/nginx/shopfront ', `proxy_cache_path ${options.cacheDir} `],
    ['server 127.0.0.1:3000;', `server ${options.upstream};`],
    ['listen 80;', `listen ${options.listen};`],
  ];
  let config = readFileSync(FRONT_CONFIG_PATH, 'utf8');
  for (const [from, to] of edits) {
    if (!config.includes(from)) throw new Error(`${FRONT_CONFIG_PATH} no longer has "${from}"`);
    config = config.replace(from, to);
  }
  return config;
}

export interface NginxFront {
  url: string;
  stop(): Promise<void>;
}

/** One nginx worker running the shipped front configuration in front of `upstreamPort`. */
export async function startNginxFront(binary: string, upstreamPort: number): Promise<NginxFront> {
  const dir = mkdtempSync(join(tmpdir(), 'shopfront-front-'));
  // Started as root, nginx's worker runs as `nobody`: it must reach and write its cache and temp folders.
  chmodSync(dir, 0o777);
  for (const sub of ['cache', 'logs', 'client_body_temp', 'proxy_temp']) mkdirSync(join(dir, sub), { mode: 0o777 });
  for (const sub of ['cache', 'client_body_temp', 'proxy_temp']) chmodSync(join(dir, sub), 0o777);
  const port = await findFreePort();
  writeFileSync(join(dir, 'shopfront.conf'), frontConfigFor({ cacheDir: join(dir, 'cache'), upstream: `127.0.0.1:${upstreamPort}`, listen: `127.0.0.1:${port}` }));
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs', 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${join(dir, 'client_body_temp')};
  proxy_temp_path ${join(dir, 'proxy_temp')};
  include ${join(dir, 'shopfront.conf')};
}
`,
  );
  const child: ChildProcess = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'logs', 'error.log')], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}): ${stderr}${readLog(dir)}`);
    try {
      await fetch(`${url}/healthz`).then((response) => response.arrayBuffer());
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer on ${url}: ${stderr}${readLog(dir)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        await new Promise<void>((resolve) => {
          child.once('exit', () => resolve());
          child.kill('SIGTERM');
        });
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function readLog(dir: string): string {
  try {
    return readFileSync(join(dir, 'logs', 'error.log'), 'utf8');
  } catch {
    return '';
  }
}
