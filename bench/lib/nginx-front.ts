import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild } from './nginx.ts';
import { freePort, waitForHttp } from './wait.ts';

const FRONT_CONFIG = join(import.meta.dirname, '..', '..', 'deploy', 'nginx', 'shopfront.conf');

/**
 * deploy/nginx/shopfront.conf as shipped, with only its three EDIT lines pointed at this run (the
 * same substitution as apps/server/src/testing/nginx-front.ts), one worker like the reference.
 */
export async function startNginxFront(binary: string, upstreamUrl: string) {
  const dir = mkdtempSync(join(tmpdir(), 'shopfront-bench-front-'));
  // Started as root, nginx's worker runs as `nobody`: it must reach and write its cache and temp folders.
  chmodSync(dir, 0o777);
  for (const sub of ['cache', 'logs', 'client_body_temp', 'proxy_temp']) {
    mkdirSync(join(dir, sub));
    chmodSync(join(dir, sub), 0o777);
  }
  const port = await freePort();
  let config = readFileSync(FRONT_CONFIG, 'utf8');
  for (const [from, to] of [
    ['proxy_cache_path /var/cache/nginx/shopfront ', `proxy_cache_path ${join(dir, 'cache')} `],
    ['server 127.0.0.1:3000;', `server ${new URL(upstreamUrl).host};`],
    ['listen 80;', `listen 127.0.0.1:${port};`],
  ] as const) {
    if (!config.includes(from)) throw new Error(`${FRONT_CONFIG} no longer has "${from}"`);
    config = config.replace(from, to);
  }
  writeFileSync(join(dir, 'shopfront.conf'), config);
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'logs/error.log')} warn;
events { worker_connections 4096; }
http { access_log off; keepalive_requests 100000; client_body_temp_path ${join(dir, 'client_body_temp')}; proxy_temp_path ${join(dir, 'proxy_temp')};
  include ${join(dir, 'shopfront.conf')}; }
`,
  );
  const child: ChildProcess = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir, '-e', join(dir, 'logs/error.log')], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await waitForHttp(`${url}/healthz`, 10_000);
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      await stopChild(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
