import autocannon from 'autocannon';

export interface Target {
  label: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Overrides the run's connection count (e.g. sign-in: at most 5 in flight per account). */
  connections?: number;
  /** A fresh body per request (e.g. a new idempotency key for every checkout). */
  bodyFor?: () => string;
}

export interface Sample {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
}

export interface BenchOptions {
  connections: number;
  durationSeconds: number;
  runs: number;
}

/** What a bench row reports of one autocannon result. */
export function sampleOf(result: autocannon.Result): Sample {
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

function once(target: Target, options: BenchOptions): Promise<Sample> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        ...(target.bodyFor ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: target.bodyFor!() }) }] } : {}),
        connections: target.connections ?? options.connections,
        duration: options.durationSeconds,
      },
      (error, result) => (error ? reject(error) : resolve(sampleOf(result))),
    );
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/** Runs the targets interleaved (A B A B …) so drift hits every target alike; returns medians. */
export async function measure(targets: Target[], options: BenchOptions): Promise<Map<string, Sample>> {
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.label, []]));
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) {
      await once(target, { ...options, durationSeconds: 1 }); // warm-up, not recorded
      samples.get(target.label)!.push(await once(target, options));
    }
  }
  const result = new Map<string, Sample>();
  for (const [label, list] of samples) {
    result.set(label, {
      requestsPerSecond: median(list.map((s) => s.requestsPerSecond)),
      p50: median(list.map((s) => s.p50)),
      p99: median(list.map((s) => s.p99)),
      errors: list.reduce((n, s) => n + s.errors, 0),
      non2xx: list.reduce((n, s) => n + s.non2xx, 0),
    });
  }
  return result;
}
