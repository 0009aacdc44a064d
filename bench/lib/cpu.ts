import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** User + system CPU a process has used, in microseconds (/proc/<pid>/stat, clock ticks of 10 ms). */
export function cpuMicros(pid: number): number {
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

/**
 * CPU microseconds per request at a fixed offered rate, less each target's idle background when
 * given, medians of interleaved runs. Throughput on a shared 2-core machine moves with the
 * neighbours; the CPU a server spends per answer moves less, though still by a fifth or more from
 * one run to the next here (docs/analytics.md "The flags are not the gap"): quote medians.
 */
export async function cpuPerRequest(targets: CpuTarget[], options: { rate: number; seconds: number; runs: number }): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(targets.map((t) => [t.label, []]));
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) {
      const before = cpuMicros(target.pid);
      const started = performance.now();
      const result = await autocannon({
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections: 50,
        overallRate: options.rate,
        duration: options.seconds,
      });
      await target.settle?.();
      const background = ((target.idleMicrosPerSecond ?? 0) * (performance.now() - started)) / 1000;
      samples.get(target.label)!.push((cpuMicros(target.pid) - before - background) / result.requests.total);
    }
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
  return new Map([...samples].map(([label, values]) => [label, median(values)]));
}
