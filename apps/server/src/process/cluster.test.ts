import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findFreePort } from '../db/free-port.ts';
import { stopOrphanPostgres } from '../db/orphan-postgres.ts';
import { createLogger } from '../logger.ts';
import { startServerProcess, type ServerProcess } from '../testing/server-process.ts';
import { SERVER_NODE_FLAGS, SERVER_PROCESS_ENV } from './node-flags.ts';

/** One GET on a fresh connection (no keep-alive), so the cluster hands each to the next worker. */
function getReady(url: string): Promise<{ status: number; worker: number; body: Record<string, unknown> }> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/readyz`, { agent: false, headers: { connection: 'close' } }, (response) => {
      let text = '';
      response.on('data', (chunk: Buffer) => void (text += chunk.toString('utf8')));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, worker: Number(response.headers['x-shopfront-worker']), body: JSON.parse(text) as Record<string, unknown> }),
      );
    });
    // A connection handed to a worker just as it was killed is lost: give up on it, ask again.
    req.setTimeout(2_000, () => req.destroy(new Error('no answer within 2 s')));
    req.on('error', reject);
    req.end();
  });
}

/** Asks until `accept` takes an answer (the state is reached), failing after `timeoutMs`. */
async function waitForReady(url: string, accept: (answer: Awaited<ReturnType<typeof getReady>>) => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  const seen: unknown[] = [];
  while (Date.now() < deadline) {
    const answer = await getReady(url).catch((error: Error) => error.message);
    if (typeof answer !== 'string' && accept(answer)) return answer;
    if (seen.length < 20) seen.push(answer);
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error(`readiness never came: ${JSON.stringify(seen)}`);
}

/** Waits until the server has logged `count` lines with this message (each line wakes the check). */
async function waitForLogs(server: ServerProcess, msg: string, count: number, timeoutMs = 20_000): Promise<Record<string, unknown>[]> {
  const deadline = Date.now() + timeoutMs;
  const matching = () => server.logs.filter((line) => line.msg === msg);
  while (matching().length < count) {
    if (Date.now() > deadline) throw new Error(`never logged "${msg}" ${count} times: ${JSON.stringify(server.logs)}`);
    await Promise.race([once(server.child.stdout!, 'data'), new Promise((resolve) => setTimeout(resolve, 1_000).unref())]);
  }
  return matching();
}

/**
 * WEB_CONCURRENCY=2 on the built server and a fresh DATA_DIR (its own embedded PostgreSQL). Three
 * processes and an initdb: seconds on an idle machine, a minute or more on a busy one.
 */
describe('the server with WEB_CONCURRENCY=2', { timeout: 90_000 }, () => {
  let dataDir: string;
  let server: ServerProcess;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'shopfront-cluster-'));
    server = await startServerProcess({ dataDir, port: await findFreePort(), env: { WEB_CONCURRENCY: '2' } });
  }, 120_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await server?.exited;
    await stopOrphanPostgres(join(dataDir, 'postgres'), createLogger({ logLevel: 'silent' }));
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts PostgreSQL and migrates once, and both workers answer on the one port', async () => {
    expect(await waitForLogs(server, 'worker listening', 2)).toHaveLength(2);
    expect(server.logs.filter((line) => line.msg === 'embedded PostgreSQL started')).toHaveLength(1);
    const pids = new Set<number>();
    for (let i = 0; i < 10 && pids.size < 2; i++) {
      const answer = await getReady(server.url);
      expect(answer).toMatchObject({ status: 200, body: { status: 'ok', workers: { ready: 2, total: 2 } } });
      pids.add(answer.worker);
    }
    expect(pids.size).toBe(2);
    expect(pids.has(server.child.pid!)).toBe(false);
    // The primary was started without the server's V8 flags and malloc settings; its workers run with them all the same.
    for (const pid of pids) {
      expect(readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')).toEqual(expect.arrayContaining([...SERVER_NODE_FLAGS]));
      const environment = readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
      expect(environment).toEqual(expect.arrayContaining(Object.entries(SERVER_PROCESS_ENV).map(([name, value]) => `${name}=${value}`)));
    }
  });

  it('restarts a worker killed with SIGKILL; /readyz is 503 until it is back, then 200', async () => {
    const victim = (await getReady(server.url)).worker;
    process.kill(victim, 'SIGKILL');
    const down = await waitForReady(server.url, (answer) => answer.status === 503);
    expect(down.body).toMatchObject({ status: 'unavailable', workers: { ready: 1, total: 2 } });
    expect(down.worker).not.toBe(victim);

    const [restart] = await waitForLogs(server, 'worker exited; restarting it', 1);
    expect(restart).toMatchObject({ pid: victim, signal: 'SIGKILL', restartInMs: 1_000 });
    // Asking all along would slow the restart down on a busy machine: wait for its log line first.
    const [, , restarted] = await waitForLogs(server, 'worker listening', 3);
    expect(restarted?.pid).not.toBe(victim);
    const up = await waitForReady(server.url, (answer) => answer.status === 200);
    expect(up.body).toMatchObject({ status: 'ok', workers: { ready: 2, total: 2 } });
  });

  it('exits 0 on SIGTERM, having drained every worker and stopped PostgreSQL', async () => {
    const postgresPort = server.logs.find((line) => line.msg === 'embedded PostgreSQL started')?.port as number;
    server.child.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stopped = server.logs.find((line) => line.msg === 'stopped' && 'workerExitCodes' in line);
    expect(stopped).toMatchObject({ workerExitCodes: [0, 0] });
    expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
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

describe('a cluster whose workers cannot listen', { timeout: 120_000 }, () => {
  it('exits 1 with PostgreSQL stopped instead of restarting them forever', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'shopfront-cluster-taken-'));
    const taken = createServer();
    const port = await findFreePort();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const started = startServerProcess({ dataDir, port, env: { WEB_CONCURRENCY: '2' } });
      await expect(started).rejects.toThrow(/server exited early \(code 1, signal null\)[\s\S]*a worker failed to start; stopping/);
      expect(existsSync(join(dataDir, 'postgres', 'postmaster.pid'))).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
      await stopOrphanPostgres(join(dataDir, 'postgres'), createLogger({ logLevel: 'silent' }));
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
