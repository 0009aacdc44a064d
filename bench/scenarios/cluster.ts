import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { cpuMicros } from '../lib/cpu.ts';
import { signUpCreator } from '../lib/creator.ts';
import { connectionStringOf } from '../lib/database.ts';
import { rawReply, startNodeCeiling } from '../lib/node-ceiling.ts';
import { startServer } from '../lib/server.ts';
import { seed, SLUG } from './storefront.ts';
import type { Scenario } from './types.ts';

/**
 * WEB_CONCURRENCY=1 against 2 (docs/deploy.md): req/s and server CPU per request for the
 * storefront page (answered from memory) and getCurrentUser (one session lookup in PostgreSQL),
 * beside a bare node:http process sending the page's bytes. Each once with the load generator
 * free to use every core, and once pinned with taskset (this process on core 0, the server's whole
 * process tree, PostgreSQL included, on core 1). CPU is user + system of the server's process
 * tree (primary, workers, PostgreSQL) over the run, divided by the requests answered.
 */
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 5);
const CONNECTIONS = 50;
const GZIP = { 'accept-encoding': 'gzip' };
/** Every core of the machine (read before anything is pinned: availableParallelism follows the affinity). */
const CORES = cpus().length;

interface Result {
  label: string;
  pinned: boolean;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  cpuUs: number;
  nodeCpuUs: number;
  non2xx: number;
}

/** The pid and every descendant's (workers, PostgreSQL and its backends). */
function processTree(pid: number): number[] {
  const children = spawnSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' }).stdout.trim().split('\n').filter(Boolean).map(Number);
  return [pid, ...children.flatMap(processTree)];
}

/** Node names its main thread `MainThread`; PostgreSQL's processes are `postgres`. */
const isPostgres = (pid: number) => {
  try {
    return readFileSync(`/proc/${pid}/comm`, 'utf8').startsWith('postgres');
  } catch {
    return false;
  }
};

/** CPU used so far by each pid (a process that ended is left out). */
function cpuByPid(pids: number[]): Map<number, { used: number; postgres: boolean }> {
  const byPid = new Map<number, { used: number; postgres: boolean }>();
  for (const pid of pids) {
    try {
      byPid.set(pid, { used: cpuMicros(pid), postgres: isPostgres(pid) });
    } catch {
      // ended between listing and reading
    }
  }
  return byPid;
}

/**
 * CPU the tree used between two readings, per pid: a process started meanwhile (a PostgreSQL
 * backend) counts whole, one that ended meanwhile is lost (its CPU cannot be read any more).
 */
function cpuBetween(before: ReturnType<typeof cpuByPid>, after: ReturnType<typeof cpuByPid>): { all: number; node: number } {
  let all = 0;
  let node = 0;
  for (const [pid, now] of after) {
    const used = now.used - (before.get(pid)?.used ?? 0);
    all += used;
    if (!now.postgres) node += used;
  }
  return { all, node };
}

const pin = (pids: number[], cores: string) => {
  for (const pid of pids) spawnSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
};
const hasTaskset = () => spawnSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' }).status === 0;

async function run(label: string, rootPid: number, target: { url: string; method?: 'GET' | 'POST'; headers?: Record<string, string>; body?: string }, pinned: boolean): Promise<Result> {
  const tree = processTree(rootPid);
  if (pinned) {
    pin([process.pid], '0');
    pin(tree, '1');
  }
  try {
    const before = cpuByPid(tree);
    const result = await autocannon({ ...target, method: target.method ?? 'GET', connections: CONNECTIONS, duration: SECONDS });
    const used = cpuBetween(before, cpuByPid(processTree(rootPid)));
    const answered = Math.max(1, result.requests.total);
    return {
      label,
      pinned,
      requestsPerSecond: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      cpuUs: used.all / answered,
      nodeCpuUs: used.node / answered,
      non2xx: result.non2xx + result.errors,
    };
  } finally {
    if (pinned) {
      const all = `0-${CORES - 1}`;
      pin([process.pid], all);
      pin(processTree(rootPid), all);
    }
  }
}

async function startSeeded(workers: number) {
  const server = await startServer({ WEB_CONCURRENCY: String(workers) });
  const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
  await db.connect();
  await seed(db);
  await db.end();
  const email = `cluster-${workers}-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const signedIn = await fetch(`${server.url}/fn/signInWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.publicUrl },
    body: JSON.stringify({ data: { email, password } }),
  });
  const token = ((await signedIn.json()) as { result: { idToken: string } }).result.idToken;
  return { server, token };
}

export const cluster: Scenario = {
  name: 'cluster',
  async run() {
    const pinning = hasTaskset() && CORES >= 2;
    const results: Result[] = [];
    let pageReply: Awaited<ReturnType<typeof rawReply>> | null = null;
    for (const workers of [1, 2]) {
      const { server, token } = await startSeeded(workers);
      try {
        const page = { url: `${server.url}/${SLUG}`, headers: GZIP };
        const user = {
          url: `${server.url}/fn/getCurrentUser`,
          method: 'POST' as const,
          headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
          body: JSON.stringify({ data: {} }),
        };
        pageReply ??= await rawReply(page.url, GZIP);
        for (const pinned of pinning ? [false, true] : [false]) {
          results.push(await run(`GET /{slug} gzip, ${workers} worker${workers > 1 ? 's' : ''}`, server.pid!, page, pinned));
          results.push(await run(`getCurrentUser, ${workers} worker${workers > 1 ? 's' : ''}`, server.pid!, user, pinned));
        }
      } finally {
        await server.stop();
        await rm(server.dataDir, { recursive: true, force: true });
      }
    }
    const ceiling = await startNodeCeiling(pageReply!.body, pageReply!.headers);
    try {
      for (const pinned of pinning ? [false, true] : [false]) results.push(await run('node:http ceiling (page bytes, 1 process)', ceiling.pid, { url: `${ceiling.url}/`, headers: GZIP }, pinned));
    } finally {
      await ceiling.stop();
    }

    console.log(`\n## WEB_CONCURRENCY 1 vs 2 (${SECONDS} s per row, ${CONNECTIONS} connections, one run each)\n`);
    console.log('| target | load generator | req/s | p99 ms | server CPU µs/req (Node + PostgreSQL) | of which Node | errors + non-2xx |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const r of results) {
      const where = r.pinned ? 'core 0; server on core 1' : 'any core';
      console.log(`| ${r.label} | ${where} | ${Math.round(r.requestsPerSecond)} | ${r.p99} | ${r.cpuUs.toFixed(1)} | ${r.nodeCpuUs.toFixed(1)} | ${r.non2xx} |`);
    }
    const ratio = (a: string, b: string, pinned: boolean) => {
      const x = results.find((r) => r.label === a && r.pinned === pinned);
      const y = results.find((r) => r.label === b && r.pinned === pinned);
      return x && y ? (x.requestsPerSecond / y.requestsPerSecond).toFixed(2) : 'n/a';
    };
    console.log(
      [
        '',
        `2 workers / 1 worker req/s, load generator on any core: page ${ratio('GET /{slug} gzip, 2 workers', 'GET /{slug} gzip, 1 worker', false)}, ` +
          `getCurrentUser ${ratio('getCurrentUser, 2 workers', 'getCurrentUser, 1 worker', false)}.`,
        pinning
          ? `Pinned (server on one core): page ${ratio('GET /{slug} gzip, 2 workers', 'GET /{slug} gzip, 1 worker', true)}, ` +
            `getCurrentUser ${ratio('getCurrentUser, 2 workers', 'getCurrentUser, 1 worker', true)} (two workers on one core: the cost of the cluster, no gain possible).`
          : 'taskset is not available: no pinned rows.',
        `This machine has ${CORES} cores shared by the load generator, the server and PostgreSQL: it can show what a second worker ` +
          'costs in CPU per request and whether it helps when the generator already takes a core; it cannot show the gain on a machine whose ' +
          'cores all serve (that needs the load generated elsewhere).',
      ].join('\n'),
    );
    // The summary table has no nginx reference here: the node:http ceiling is a row of the table above.
    const sample = (r: Result) => ({ requestsPerSecond: r.requestsPerSecond, p50: r.p50, p99: r.p99, errors: 0, non2xx: r.non2xx });
    return { title: 'Cluster (load generator on any core)', rows: results.filter((r) => !r.pinned).map((r) => ({ label: r.label, sample: sample(r), reference: null })) };
  },
};
