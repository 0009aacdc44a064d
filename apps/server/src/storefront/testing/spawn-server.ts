import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { findFreePort } from '#src/db/free-port.ts';
import { SERVER_PACKAGE_ROOT } from '#src/paths.ts';

export interface SpawnedServer {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

/**
 * A real server process (`node --import tsx src/main.ts`) on an existing PostgreSQL
 * (DATABASE_URL), so several of them can share one database as in production.
 */
export async function spawnServer(options: { databaseUrl: string; appSecret: string }): Promise<SpawnedServer> {
  const port = await findFreePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: SERVER_PACKAGE_ROOT,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'shopfront-two-servers-')),
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: options.appSecret,
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => void (stderr += chunk.toString('utf8')));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  await new Promise<void>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.includes('"Shopfront is listening"')) resolve();
    });
    void exited.then(() => reject(new Error(`server exited early:\n${stderr}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
