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

/** One sample of several runs: median rates and latencies, errors summed. */
function medianSample(list: Sample[]): Sample {
  return {
    requestsPerSecond: median(list.map((s) => s.requestsPerSecond)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    errors: list.reduce((n, s) => n + s.errors, 0),
    non2xx: list.reduce((n, s) => n + s.non2xx, 0),
  };
}

const warmUp = (target: Target, options: BenchOptions) => once(target, { ...options, durationSeconds: 1 }); // not recorded

/** Runs the targets interleaved (A B A B …) so drift hits every target alike; returns medians. */
export async function measure(targets: Target[], options: BenchOptions): Promise<Map<string, Sample>> {
  const samples = new Map<string, Sample[]>(targets.map((t) => [t.label, []]));
  for (let run = 0; run < options.runs; run++) {
    for (const target of targets) {
      await warmUp(target, options);
      samples.get(target.label)!.push(await once(target, options));
    }
  }
  return new Map([...samples].map(([label, list]) => [label, medianSample(list)]));
}

/** A target's medians and its ratio to the reference, the median of its runs' ratios to the reference's windows beside it. */
export interface SampleBeside extends Sample {
  toReference: number;
}

/**
 * Each target against the reference measured just before and just after it: per run the reference
 * opens, follows every target and closes (R A R B R …), and a target's ratio in that run is its
 * req/s over the mean of the two reference windows beside it. On this shared machine the speed of
 * everything moves by tens of percent from one minute to the next (the reference alone answered
 * from 6,009 to 14,465 req/s across runs of one scenario on two days), so medians taken minutes apart and divided
 * moved a ratio by ±0.1; neighbouring windows share most of that drift.
 */
export async function measureBeside(
  reference: Target,
  targets: Target[],
  options: BenchOptions,
): Promise<{ reference: Sample; targets: Map<string, SampleBeside> }> {
  const referenceRuns: Sample[] = [];
  const runs = new Map<string, { samples: Sample[]; ratios: number[] }>(targets.map((t) => [t.label, { samples: [], ratios: [] }]));
  for (let run = 0; run < options.runs; run++) {
    await warmUp(reference, options);
    let before = await once(reference, options);
    referenceRuns.push(before);
    for (const target of targets) {
      await warmUp(target, options);
      const sample = await once(target, options);
      const after = await once(reference, options);
      referenceRuns.push(after);
      const entry = runs.get(target.label)!;
      entry.samples.push(sample);
      entry.ratios.push(sample.requestsPerSecond / ((before.requestsPerSecond + after.requestsPerSecond) / 2));
      before = after;
    }
  }
  return {
    reference: medianSample(referenceRuns),
    targets: new Map([...runs].map(([label, { samples, ratios }]) => [label, { ...medianSample(samples), toReference: median(ratios) }])),
  };
}
