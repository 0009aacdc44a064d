import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/**
 * CPU a process has used, in microseconds: the sum of its live threads' time on a CPU, user and
 * system (`/proc/<pid>/task/<tid>/schedstat`, in nanoseconds). `/proc/<pid>/stat` gives the same
 * total in clock ticks of 10 ms, about 1.6 % of a 5 s window of pages at 2,500 a second, on each
 * of the two readings a window takes; it is read instead on a kernel without schedstat. A thread
 * that ends between two readings takes its time with it; the processes measured here (Node, nginx
 * workers, PostgreSQL backends) keep theirs. Throws when the process is gone.
 */
export function cpuMicros(pid: number): number {
  let nanos = 0;
  let read = 0;
  for (const thread of readdirSync(`/proc/${pid}/task`)) {
    try {
      nanos += Number(readFileSync(`/proc/${pid}/task/${thread}/schedstat`, 'utf8').split(' ', 1)[0]);
      read += 1;
    } catch {
      // The thread ended after the listing (or the kernel keeps no schedstat).
    }
  }
  if (read > 0) return nanos / 1000;
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10_000;
}

/**
 * CPU microseconds a second each process spends while nothing is asked of it (a server's job
 * poller, timers, LISTEN connections), read over one shared window: at a fixed request rate this
 * divided by the rate is what each request would be charged for work it did not cause.
 */
export async function idleMicrosPerSecond(pids: readonly number[], seconds: number): Promise<Map<number, number>> {
  const before = pids.map(cpuMicros);
  await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
  return new Map(pids.map((pid, i) => [pid, (cpuMicros(pid) - before[i]!) / seconds]));
}

/** nginx answers from its worker, a child of the master we started. */
export function workerOf(masterPid: number): number {
  const children = spawnSync('pgrep', ['-P', String(masterPid)], { encoding: 'utf8' }).stdout.trim().split('\n');
  return Number(children[0]);
}

export interface CpuTarget {
  label: string;
  url: string;
  pid: number;
  headers?: Record<string, string>;
  method?: 'GET' | 'POST';
  body?: string;
  /** Awaited after each run before the CPU is read: work the requests left behind (a buffer's flush) counts too. */
  settle?: () => Promise<void>;
  /**
   * The process's background work while idle (`idleMicrosPerSecond`), taken off each run for the
   * run's whole window, its settle included: a request is charged only for what it caused.
   */
  idleMicrosPerSecond?: number;
}

/** One fixed-rate load of a target (50 connections). */
function fixedRate(target: CpuTarget, options: { rate: number; seconds: number }) {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    headers: target.headers,
    body: target.body,
    connections: 50,
    overallRate: options.rate,
    duration: options.seconds,
  });
}

/** A target's CPU per request over one load, its settle included and its idle background taken off. */
async function chargedLoad(target: CpuTarget, options: { rate: number; seconds: number }): Promise<number> {
  const before = cpuMicros(target.pid);
  const started = performance.now();
  const result = await fixedRate(target, options);
  await target.settle?.();
  const background = ((target.idleMicrosPerSecond ?? 0) * (performance.now() - started)) / 1000;
  return (cpuMicros(target.pid) - before - background) / result.requests.total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/**
 * CPU microseconds per request at a fixed offered rate, less each target's idle background when
 * given, medians of interleaved runs. Throughput on a shared 2-core machine moves with the
 * neighbours; the CPU a server spends per answer moves less, though still by a fifth or more from
 * one run to the next here (docs/analytics.md "The flags are not the gap"): quote medians, or
 * measure against a reference side by side (`cpuBesideReference`).
 */
export async function cpuPerRequest(targets: CpuTarget[], options: { rate: number; seconds: number; runs: number }): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) samples.get(target.label)!.push(await chargedLoad(target, options));
  }
  return new Map([...samples].map(([label, values]) => [label, median(values)]));
}

/**
 * Each target's CPU per request measured side by side with a reference process: in every run each
 * target is loaded at the fixed rate while the reference is loaded at the same rate, at the same
 * time, from this process. This machine's drift falls on both, so the ratio in each window holds
 * still where the absolute figures do not: one node:http process cost 32–48 µs a request from one
 * 5 s window to the next, while two identical ones loaded side by side stayed within 0.95–1.04 of
 * each other in every window (docs/analytics.md "Side by side with the ceiling"). The reference
 * is a process of its own: a target sharing its pid would be charged for the reference's requests.
 */
export async function cpuBesideReference(
  targets: CpuTarget[],
  reference: CpuTarget,
  options: { rate: number; seconds: number; runs: number },
): Promise<{ perRequest: Map<string, number>; toReference: Map<string, number>; reference: number }> {
  if (targets.some((target) => target.pid === reference.pid)) throw new Error(`cpuBesideReference: ${reference.label} shares its process with a target`);
  const own = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  const ratios = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  const referenceSamples: number[] = [];
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) {
      const [mine, theirs] = await Promise.all([chargedLoad(target, options), chargedLoad(reference, options)]);
      own.get(target.label)!.push(mine);
      ratios.get(target.label)!.push(mine / theirs);
      referenceSamples.push(theirs);
    }
  }
  const medians = (samples: Map<string, number[]>) => new Map([...samples].map(([label, values]) => [label, median(values)]));
  return { perRequest: medians(own), toReference: medians(ratios), reference: median(referenceSamples) };
}
