import autocannon from 'autocannon';
import { sampleOf, type Sample } from './measure.ts';

/**
 * A flash sale: `total` checkouts of one product fired at a fixed overall rate (so they land
 * within `seconds`), each with its own buyer and idempotency key. Not a throughput probe: it
 * answers whether every buyer got a checkout, and how long the slowest waited.
 */
export function flashSale(options: { url: string; bodyFor: () => string; total: number; seconds: number; connections: number }): Promise<Sample> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, body: options.bodyFor() }) }],
        amount: options.total,
        overallRate: Math.ceil(options.total / options.seconds),
        connections: options.connections,
      },
      (error, result) => (error ? reject(error) : resolve(sampleOf(result))),
    );
  });
}
