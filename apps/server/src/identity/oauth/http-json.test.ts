import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson, MAX_PROVIDER_RESPONSE_BYTES, withTimeout } from './http-json.ts';

let server: Server;
let base: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    if (req.url === '/ok') return res.end(JSON.stringify({ ok: true, ua: req.headers['user-agent'] }));
    if (req.url === '/at-limit') return res.end(`"${'a'.repeat(MAX_PROVIDER_RESPONSE_BYTES - 2)}"`);
    if (req.url === '/too-big') return res.end(`"${'a'.repeat(MAX_PROVIDER_RESPONSE_BYTES - 1)}"`);
    if (req.url === '/redirect') return res.writeHead(302, { location: '/ok' }).end();
    if (req.url === '/not-json') return res.end('<html>');
    if (req.url === '/hang') return; // never answers
    res.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('fetchJson', () => {
  it('reads a JSON document', async () => {
    await expect(fetchJson(`${base}/ok`)).resolves.toEqual({ ok: true, ua: 'Shopfront' });
  });

  it('reads a body at the size cap and refuses one byte more', async () => {
    await expect(fetchJson(`${base}/at-limit`)).resolves.toHaveLength(MAX_PROVIDER_RESPONSE_BYTES - 2);
    await expect(fetchJson(`${base}/too-big`)).rejects.toThrow('response is too large');
  });

  it('does not follow redirects', async () => {
    await expect(fetchJson(`${base}/redirect`)).rejects.toThrow('request failed');
  });

  it('refuses errors and non-JSON bodies, naming the host but no query', async () => {
    await expect(fetchJson(`${base}/boom?access_token=secret`)).rejects.toThrow(`unexpected status (127.0.0.1:${new URL(base).port}/boom, HTTP 500)`);
    await expect(fetchJson(`${base}/not-json`)).rejects.toThrow('response is not JSON');
  });

  it('gives up on a provider that does not answer', async () => {
    await expect(fetchJson(`${base}/hang`, { timeoutMs: 50 })).rejects.toThrow('timed out');
  });
});

describe('withTimeout', () => {
  it('passes a result through and rejects a promise that never settles', async () => {
    await expect(withTimeout(Promise.resolve(1), 50)).resolves.toBe(1);
    await expect(withTimeout(new Promise(() => {}), 20)).rejects.toThrow('timed out after 20 ms');
  });
});
