import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { cpuMicros } from './cpu.ts';

/** The postmaster of the embedded PostgreSQL a bench server started in `dataDir`. */
function postmasterOf(dataDir: string): number {
  const found = spawnSync('pgrep', ['-f', '--', `-D ${dataDir}/postgres`], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  if (found.length !== 1) throw new Error(`expected one postmaster for ${dataDir}, found ${found.length}`);
  return found[0]!;
}

/**
 * CPU microseconds PostgreSQL has used: the postmaster's own and its reaped children's (backends
 * and autovacuum workers that exited: /proc's cutime and cstime), plus every live child's.
 */
function postgresMicros(postmaster: number): number {
  const fields = readFileSync(`/proc/${postmaster}/stat`, 'utf8').split(') ')[1]!.split(' ');
  let total = (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) * 10_000;
  const children = spawnSync('pgrep', ['-P', String(postmaster)], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean).map(Number);
  for (const pid of children) {
    try {
      total += cpuMicros(pid);
    } catch {
      // Exited after the listing: its time is in the postmaster's cutime from now on.
    }
  }
  return total;
}

export interface SaturatedTarget {
  label: string;
  url: string;
  headers?: Record<string, string>;
  body?: string;
  /** The process answering the requests. */
  pid: number;
}

export interface SaturatedCpu {
  requestsPerSecond: number;
  /** CPU of the answering process per request. */
  serverMicros: number;
  /** CPU of the database's processes per request (its backends, and its background writers' share). */
  postgresMicros: number;
}

/**
 * CPU per request at saturation (the run's connections, no rate limit), split between the
 * answering process and PostgreSQL, medians of interleaved runs: where a call's cost goes when
 * both share the machine's cores. Clock ticks are 10 ms, so a 5 s run at thousands of requests a
 * second resolves a few microseconds per request.
 */
export async function cpuAtSaturation(
  targets: SaturatedTarget[],
  options: { dataDir: string; connections: number; seconds: number; runs: number },
): Promise<Map<string, SaturatedCpu>> {
  const samples = new Map<string, SaturatedCpu[]>(targets.map((t) => [t.label, []]));
  const postmaster = postmasterOf(options.dataDir);
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) {
      const shot = { url: target.url, method: 'POST' as const, headers: target.headers, body: target.body, connections: options.connections };
      await autocannon({ ...shot, duration: 1 }); // warm-up, not counted
      const server = cpuMicros(target.pid);
      const database = postgresMicros(postmaster);
      const result = await autocannon({ ...shot, duration: options.seconds });
      const requests = Math.max(1, result.requests.total);
      samples.get(target.label)!.push({
        requestsPerSecond: result.requests.average,
        serverMicros: (cpuMicros(target.pid) - server) / requests,
        postgresMicros: (postgresMicros(postmaster) - database) / requests,
      });
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return new Map(
    [...samples].map(([label, list]) => [
      label,
      {
        requestsPerSecond: median(list.map((s) => s.requestsPerSecond)),
        serverMicros: median(list.map((s) => s.serverMicros)),
        postgresMicros: median(list.map((s) => s.postgresMicros)),
      },
    ]),
  );
}
