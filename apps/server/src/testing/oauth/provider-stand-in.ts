import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local HTTP stand-in for the fixed hosts of social providers (github.com, api.github.com, …).
 * `fetch` sends requests for those hosts to it and everything else to the real network stack,
 * so a test can stub the global fetch that arctic uses without touching other traffic.
 */
export interface RecordedRequest {
  method: string;
  host: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: string;
}

export type StandInReply = { status?: number; json: unknown };
type Handler = (request: RecordedRequest) => StandInReply;

export interface ProviderStandIn {
  requests: RecordedRequest[];
  /** Answer `METHOD host/path` (no query) with this handler. */
  on(route: string, handler: Handler | StandInReply): void;
  fetch: typeof fetch;
  close(): Promise<void>;
}

export async function startProviderStandIn(hosts: readonly string[]): Promise<ProviderStandIn> {
  const routes = new Map<string, Handler>();
  const requests: RecordedRequest[] = [];
  const realFetch = globalThis.fetch;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const host = String(req.headers['x-stand-in-host']);
      const recorded = { method: req.method ?? 'GET', host, path: url.pathname, query: url.searchParams, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      requests.push(recorded);
      const handler = routes.get(`${recorded.method} ${host}${url.pathname}`);
      const reply = handler ? handler(recorded) : { status: 404, json: { error: 'no stand-in route' } };
      res.writeHead(reply.status ?? 200, { 'content-type': 'application/json' }).end(JSON.stringify(reply.json));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const routedFetch: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (!hosts.includes(url.host)) return realFetch(input, init);
    const headers = new Headers(request.headers);
    headers.set('x-stand-in-host', url.host);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    return realFetch(`${base}${url.pathname}${url.search}`, { method: request.method, headers, body, redirect: 'manual' });
  };

  return {
    requests,
    on(route, handler) {
      routes.set(route, typeof handler === 'function' ? handler : () => handler);
    },
    fetch: routedFetch,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
