import { connect, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { SERVER_TIMEOUTS, type ServerTimeouts } from './server-timeouts.ts';

// Socket deadlines are Node's own timers: they cannot take an injected clock, so these tests use
// deadlines of a fraction of a second and real sockets on loopback.
const SHORT: ServerTimeouts = { headersMs: 400, requestMs: 2_500, idleMs: 1_500, checkEveryMs: 50 };

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await createTestApp({ timeouts: SHORT });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const address = t.app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});

afterAll(() => t.close());

interface Conversation {
  socket: Socket;
  /** Everything the server sent, once it closed the connection; and when that happened. */
  closed: Promise<{ reply: string; afterMs: number }>;
}

function open(): Promise<Conversation> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const started = performance.now();
    let reply = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (reply += chunk));
    const closed = new Promise<{ reply: string; afterMs: number }>((done) =>
      socket.on('close', () => done({ reply, afterMs: performance.now() - started })),
    );
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, closed }));
    socket.once('error', reject);
  });
}

/** Writes `text` a piece at a time, one every `everyMs`, until it is sent or the socket closes. */
function drip(socket: Socket, text: string, everyMs: number, pieceLength = 1): Promise<void> {
  return new Promise((resolve) => {
    let at = 0;
    const timer = setInterval(() => {
      if (socket.destroyed || at >= text.length) {
        clearInterval(timer);
        resolve();
        return;
      }
      socket.write(text.slice(at, at + pieceLength));
      at += pieceLength;
    }, everyMs);
  });
}

const body = JSON.stringify({ data: {} });
const callRequest = (length = body.length) =>
  `POST /fn/getPlatformStatus HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\nConnection: close\r\n\r\n`;

describe('server timeouts', () => {
  it('closes a connection that sends its headers one byte at a time once the header deadline passes', async () => {
    const { socket, closed } = await open();
    const headers = 'GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: slowloris\r\nAccept: */*\r\nX-Padding: aaaaaaaaaaaaaaaaaaaaaaaa\r\n\r\n';
    void drip(socket, headers, 20);
    const { reply, afterMs } = await closed;
    // 20 ms a byte would need about 2 s for these headers; the server cut it at the 400 ms deadline.
    expect(reply).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
    expect(afterMs).toBeLessThan(1_500);
  });

  it('lets a body arrive slower than the header deadline, within the request deadline', async () => {
    const { socket, closed } = await open();
    socket.write(callRequest());
    // About 1 s for the body: past the 400 ms header deadline, inside the 2.5 s request deadline.
    await drip(socket, body, Math.ceil(1_000 / body.length));
    const { reply } = await closed;
    expect(reply).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('cuts a body that never finishes at the request deadline', async () => {
    const { socket, closed } = await open();
    socket.write(callRequest(1_000));
    // A byte every 200 ms keeps the socket busy (no idle timeout) but never completes the body.
    void drip(socket, 'x'.repeat(1_000), 200);
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.requestMs - 50);
    expect(afterMs).toBeLessThan(SHORT.requestMs + 1_500);
  });

  it('closes a connection that goes silent halfway through its headers', async () => {
    const { socket, closed } = await open();
    // The header deadline, or at the latest the idle one.
    socket.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const { afterMs } = await closed;
    expect(afterMs).toBeGreaterThanOrEqual(SHORT.headersMs - 50);
    expect(afterMs).toBeLessThan(SHORT.idleMs + 1_000);
  });

  it('closes a connection that sends nothing at all', async () => {
    const { closed } = await open();
    const { afterMs } = await closed;
    expect(afterMs).toBeLessThan(SHORT.idleMs + 1_000);
  });

  it('keeps a connection open between requests while it is idle for less than the idle deadline, and closes it after', async () => {
    const { socket, closed } = await open();
    const request = 'GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';
    socket.write(request);
    // Two thirds of the deadline without a byte, then a second request on the same connection.
    const pause = SHORT.idleMs - 500;
    await sleep(pause);
    socket.write(request);
    const { reply, afterMs } = await closed;
    expect(reply.match(/HTTP\/1\.1 200 /g)).toHaveLength(2);
    // Closed once the deadline has passed since the second answer, not counted from the first.
    expect(afterMs).toBeGreaterThanOrEqual(pause + SHORT.idleMs - 50);
    expect(afterMs).toBeLessThan(pause + SHORT.idleMs + 1_000);
  });

  it('gives production an idle deadline above the 60 s of common load balancers, so the proxy closes first', () => {
    expect(SERVER_TIMEOUTS.idleMs).toBeGreaterThan(60_000);
  });

  it('gives production a header deadline of seconds and a request deadline long enough for a large upload', () => {
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    // 512 MB (the default product file limit) at 2.5 Mbit/s: about 28 minutes.
    expect(SERVER_TIMEOUTS.requestMs).toBeGreaterThanOrEqual(((512 * 1024 * 1024 * 8) / 2_500_000) * 1000);
    expect(SERVER_TIMEOUTS.headersMs).toBeLessThan(SERVER_TIMEOUTS.requestMs);
  });
});
