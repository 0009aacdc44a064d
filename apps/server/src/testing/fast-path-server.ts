import { withoutQueryValues } from '../http/log-url.ts';
import { captureLogs } from './log-capture.ts';
import { createStorefrontTestApp } from './storefront-test-app.ts';
import type { TestApp } from './test-app.ts';

export interface FastPathServer {
  t: TestApp;
  /** `http://127.0.0.1:{port}`: the raw-request fast path answers only a real socket (app.inject never reaches it). */
  base: string;
  /** How many times Fastify logged a request for this URL (the log keeps query names, not values). */
  requestLogs: (url: string) => number;
}

/** A storefront test app listening on a loopback port, with its request log captured. */
export async function startFastPathServer(): Promise<FastPathServer> {
  const logs = captureLogs('info');
  const t = await createStorefrontTestApp({ logger: logs.logger });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const requestLogs = (url: string) => logs.lines().filter((line) => line.msg === 'request' && line.url === withoutQueryValues(url)).length;
  return { t, base, requestLogs };
}

/** A response's headers without those a cached answer may differ in (date, x-storefront-cache). */
export function comparableHeaders(response: Response): Record<string, string> {
  const headers = Object.fromEntries(response.headers);
  delete headers.date;
  delete headers['x-storefront-cache'];
  return headers;
}
