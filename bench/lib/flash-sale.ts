import autocannon from 'autocannon';
import { sampleOf, type Sample } from './measure.ts';

/**
 * Autocannon paces each connection in whole-second windows, and a connection waiting on a slow reply
 * loses part of its window; asking 25 % above the even rate lands every request inside `seconds`.
 */
const PACING_HEADROOM = 1.25;

/**
 * A flash sale: `total` checkouts of one product fired at a fixed overall rate (so they land
 * within `seconds`), each with its own buyer and idempotency key. Not a throughput probe: it
 * answers whether every buyer got a checkout, how long the slowest waited, and how long the
 * whole sale took (`elapsedMs`, first request to last reply).
 */
export function flashSale(options: {
  url: string;
  bodyFor: () => string;
  total: number;
  seconds: number;
  connections: number;
}): Promise<Sample & { elapsedMs: number }> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: options.bodyFor() }) }],
        amount: options.total,
        overallRate: Math.ceil((options.total / options.seconds) * PACING_HEADROOM),
        connections: options.connections,
      },
      (error, result) => (error ? reject(error) : resolve({ ...sampleOf(result), elapsedMs: performance.now() - started })),
    );
  });
}
