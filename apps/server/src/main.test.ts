import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from './db/free-port.ts';
import { stopOrphanPostgres } from './db/orphan-postgres.ts';
import { createLogger } from './logger.ts';
import { callRunningServer, startServerProcess, type ServerProcess } from './testing/server-process.ts';

/** SECURITY "Reliability": a 2xx write survives kill -9; SIGTERM drains and stops PostgreSQL. */
// Each test starts real processes and a fresh PostgreSQL cluster (initdb): seconds each, more on a
// busy machine, so the budget is a minute rather than the suite's 20 s.
describe('the server process on its embedded PostgreSQL', { timeout: 60_000 }, () => {
  let dataDir: string;
  const processes: ServerProcess[] = [];
  const start = async (port: number) => {
    const server = await startServerProcess({ dataDir, port });
    processes.push(server);
    return server;
  };
  const pidFile = () => join(dataDir, 'postgres', 'postmaster.pid');

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'shopfront-durability-'));
  });
  afterAll(async () => {
    for (const server of processes) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(processes.map((server) => server.exited));
    await stopOrphanPostgres(join(dataDir, 'postgres'), createLogger({ logLevel: 'silent' }));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps a committed store after SIGKILL and a restart on the same DATA_DIR', async () => {
    const port = await findFreePort();
    const first = await start(port);
    const created = await callRunningServer(first.url, 'testCreateStoreSimple', { slug: 'durable-shop', name: 'Durable' });
    expect(created.status).toBe(200);

    first.child.kill('SIGKILL');
    expect(await first.exited).toEqual({ code: null, signal: 'SIGKILL' });
    expect(existsSync(pidFile())).toBe(true); // its orphaned PostgreSQL still holds the data dir

    const second = await start(port);
    expect(second.logs.map((line) => line.msg)).toContain('stopping a PostgreSQL server left running by a previous run');
    const found = await callRunningServer(second.url, 'lookupStore', { by: 'slug', slug: 'durable-shop' });
    expect(found).toEqual({ status: 200, body: { result: { ...(created.body.result as object), offline: false } } });
  });

  it('exits 0 on SIGTERM and stops its PostgreSQL', async () => {
    const server = await start(await findFreePort());
    const postgresPort = server.logs.find((line) => line.msg === 'embedded PostgreSQL started')?.port as number;
    expect(postgresPort).toBeGreaterThan(0);
    expect((await callRunningServer(server.url, 'testFunction', {})).status).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(existsSync(pidFile())).toBe(false);
    const refused = await new Promise<string>((resolve) => {
      const socket = connect(postgresPort, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve('connected');
      });
      socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    });
    expect(refused).toBe('ECONNREFUSED');
  });
});
