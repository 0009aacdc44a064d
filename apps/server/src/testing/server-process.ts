import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { findFreePort } from '../db/free-port.ts';
import { SERVER_PACKAGE_ROOT } from '../paths.ts';
import type { CallOptions } from './call-function.ts';
import { serverBundle } from './server-bundle.ts';

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  /** Every JSON log line so far. */
  logs: Record<string, unknown>[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/**
 * Runs the real server (this run's bundle of `src/main.ts` with plain `node`, one process, so a
 * signal reaches it and not a wrapper) and resolves once it logs that it is listening.
 */
export function startServerProcess(options: { dataDir: string; port: number; env?: Record<string, string> }): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', serverBundle('main')], {
    cwd: SERVER_PACKAGE_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      ...options.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const logs: Record<string, unknown>[] = [];
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );

  return new Promise((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        logs.push(JSON.parse(line) as Record<string, unknown>);
      } catch {
        return;
      }
      if (logs.at(-1)?.msg === 'Shopfront is listening') {
        resolve({ child, url: `http://127.0.0.1:${options.port}`, logs, exited });
      }
    });
    void exited.then(({ code, signal }) =>
      reject(new Error(`server exited early (code ${code}, signal ${signal}):\n${stderr}\n${JSON.stringify(logs)}`)),
    );
  });
}

/** callFunction (call-function.ts) against a running server, over real HTTP. */
export async function callRunningServer(
  url: string,
  name: string,
  data: unknown,
  options: Pick<CallOptions, 'as' | 'headers'> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${url}/fn/${name}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...options.as?.headers, ...options.headers },
    body: JSON.stringify({ data }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A real server process on an existing PostgreSQL (DATABASE_URL), so several of them can share
 * one database as in production.
 */
export async function spawnServer(options: { databaseUrl: string; appSecret: string }): Promise<SpawnedServer> {
  const port = await findFreePort();
  const server = await startServerProcess({
    dataDir: mkdtempSync(join(tmpdir(), 'shopfront-two-servers-')),
    port,
    env: { PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: options.databaseUrl, APP_SECRET: options.appSecret },
  });
  const { child } = server;
  return {
    url: server.url,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await server.exited;
    },
  };
}
