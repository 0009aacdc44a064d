import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { waitForHttp } from './wait.ts';

const NGINX_CANDIDATES = ['/usr/sbin/nginx', '/usr/bin/nginx'];

/** Finds nginx, installing Debian's nginx-light when we are root and apt is there; null = skip. */
export function ensureNginx(): string | null {
  const found = () => NGINX_CANDIDATES.find((p) => spawnSync('test', ['-x', p]).status === 0) ?? null;
  if (found()) return found();
  if (process.getuid?.() !== 0 || spawnSync('which', ['apt-get']).status !== 0) return null;
  console.log('[bench] nginx missing: installing nginx-light through apt…');
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'nginx-light'], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  return found();
}

export interface StaticFile {
  /** URL path, e.g. `/healthz.json` */
  path: string;
  body: Buffer | string;
  contentType: string;
}

/** One nginx worker on loopback serving exactly the given bytes, the reference for every ratio. */
export async function startNginx(binary: string, dir: string, port: number, files: StaticFile[]) {
  const root = join(dir, 'www');
  mkdirSync(join(dir, 'logs'), { recursive: true });
  mkdirSync(root, { recursive: true });
  // Started as root, nginx's worker runs as `nobody`: it must pass through the bench's private
  // temporary directory (mkdtemp makes it 0700), or every answer is 403 Forbidden.
  for (const path of [join(dir, '..'), dir, root]) chmodSync(path, 0o755);
  const types: string[] = [];
  for (const file of files) {
    const target = join(root, file.path);
    mkdirSync(join(target, '..'), { recursive: true });
    writeFileSync(target, file.body);
    types.push(`location = ${file.path} { default_type ${file.contentType}; }`);
  }
  const conf = `worker_processes 1;
daemon off;
pid ${join(dir, 'nginx.pid')};
error_log ${join(dir, 'logs/error.log')} warn;
events { worker_connections 4096; }
http {
  access_log off;
  types {}
  sendfile on; tcp_nopush on; keepalive_requests 100000;
  server {
    listen 127.0.0.1:${port};
    root ${root};
    ${types.join('\n    ')}
  }
}
`;
  const confPath = join(dir, 'nginx.conf');
  writeFileSync(confPath, conf);
  const child: ChildProcess = spawn(binary, ['-c', confPath, '-p', dir], { stdio: 'ignore' });
  const first = `http://127.0.0.1:${port}${files[0]!.path}`;
  await waitForHttp(first, 10_000);
  // A reference that answers errors would make every ratio meaningless: refuse to measure against it.
  const check = await fetch(first);
  await check.arrayBuffer();
  if (!check.ok) {
    await stopChild(child);
    throw new Error(`nginx answered ${check.status} for ${files[0]!.path}: see ${join(dir, 'logs/error.log')}`);
  }
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => stopChild(child) };
}

export function stopChild(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
