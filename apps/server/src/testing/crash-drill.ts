import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { findFreePort } from '../db/free-port.ts';
import { startServerProcess, type SpawnedServer } from './server-process.ts';
import type { TestApp } from './test-app.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { webDistForTests } from './web-build.ts';

/**
 * The crash drills' harness: a test database and one DATA_DIR for the
 * file, and a real server process on them that `restart()` kills (SIGKILL) and starts again on
 * the same data. Registers its own beforeAll/afterAll.
 */
export function useCrashDrill() {
  const appSecret = 'crash-safety-test-secret-0123456789abcdef';
  const state: { database?: TestDatabase; dataDir?: string; server?: SpawnedServer } = {};

  beforeAll(async () => {
    await webDistForTests();
    state.database = await createTestDatabase();
    state.dataDir = mkdtempSync(join(tmpdir(), 'shopfront-crash-'));
  }, 90_000);

  afterAll(async () => {
    if (state.server) {
      state.server.child.kill('SIGKILL');
      await state.server.stop();
    }
    await state.database?.drop();
    if (state.dataDir) rmSync(state.dataDir, { recursive: true, force: true });
  }, 30_000);

  return {
    get database(): TestDatabase {
      return state.database!;
    },
    /** Shared by every run, so the file store survives the restarts as the database does. */
    get dataDir(): string {
      return state.dataDir!;
    },
    /** insertProduct and friends only need `db`. */
    asApp: () => ({ db: state.database!.db }) as unknown as TestApp,
    /** Kills the running server (if any) with SIGKILL and starts a new one on the same data. */
    async restart(): Promise<SpawnedServer> {
      const previous = state.server;
      if (previous && previous.child.exitCode === null && previous.child.signalCode === null) previous.child.kill('SIGKILL');
      if (previous) await previous.stop();
      const port = await findFreePort();
      const started = await startServerProcess({
        dataDir: state.dataDir!,
        port,
        env: { PUBLIC_URL: `http://localhost:${port}`, DATABASE_URL: state.database!.connectionString, APP_SECRET: appSecret },
      });
      const server: SpawnedServer = {
        url: started.url,
        child: started.child,
        stop: async () => {
          if (started.child.exitCode === null && started.child.signalCode === null) started.child.kill('SIGTERM');
          await started.exited;
        },
      };
      state.server = server;
      return server;
    },
  };
}

/**
 * Fires every request at once and kills the server (SIGKILL) once `killAfter` of them were
 * acknowledged. Returns the index of every acknowledged request.
 */
export async function burstThenKill(target: SpawnedServer, requests: (() => Promise<boolean>)[], killAfter: number): Promise<Set<number>> {
  const acknowledged = new Set<number>();
  let killed = false;
  const kill = () => {
    if (killed) return;
    killed = true;
    target.child.kill('SIGKILL');
  };
  await Promise.all(
    requests.map(async (send, index) => {
      try {
        // Nothing that lands after the kill counts: the reply may still be in a socket buffer.
        if ((await send()) && !killed) acknowledged.add(index);
      } catch {
        // connection reset by the kill: not acknowledged
      }
      if (acknowledged.size >= killAfter) kill();
    }),
  );
  kill();
  await target.stop();
  return acknowledged;
}

