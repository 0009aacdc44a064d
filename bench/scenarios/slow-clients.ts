import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { signUpCreator } from '../lib/creator.ts';
import { callFunction } from '../lib/server.ts';
import type { Sample } from '../lib/measure.ts';
import type { Scenario } from './types.ts';

/**
 * A normal visitor's storefront page while 1,000 slowloris connections drip their headers and 100
 * uploads trickle a 100 MB product file (docs/architecture.md "Timeouts"). The visitor opens a new
 * connection for each page, as a first visit does; the same walk runs first on an idle server.
 * Bounded: the attack lasts ATTACK_SECONDS, past the 10 s header deadline, then every socket closes.
 */
const SLOWLORIS = 1_000;
const SLOW_UPLOADS = 100;
const ATTACK_SECONDS = 20;
const VISITS = 150;
const VISIT_EVERY_MS = 60;
const UPLOAD_BYTES = 100 * 1024 * 1024;
/** Each slow upload sends 1 KiB every 500 ms: 2 KiB/s, far under the idle deadline's minimum. */
const UPLOAD_CHUNK = Buffer.alloc(1024, 7);

interface Visits {
  ms: number[];
  failed: number;
  sample: Sample;
}

function visitOnce(url: URL): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = request(url, { agent: false, headers: { 'accept-encoding': 'gzip' }, timeout: 5_000 }, (res) => {
      res.resume();
      res.on('end', () => (res.statusCode === 200 ? resolve(performance.now() - started) : reject(new Error(`status ${res.statusCode}`))));
    });
    req.on('timeout', () => req.destroy(new Error('timed out')));
    req.on('error', reject);
    req.end();
  });
}

async function visit(url: URL): Promise<Visits> {
  const ms: number[] = [];
  let failed = 0;
  const started = performance.now();
  for (let i = 0; i < VISITS; i++) {
    await visitOnce(url).then((elapsed) => ms.push(elapsed), () => failed++);
    await new Promise((r) => setTimeout(r, VISIT_EVERY_MS));
  }
  const seconds = (performance.now() - started) / 1000;
  const sorted = [...ms].sort((a, b) => a - b);
  const at = (p: number) => Number((sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? NaN).toFixed(1));
  return { ms: sorted, failed, sample: { requestsPerSecond: ms.length / seconds, p50: at(0.5), p99: at(0.99), errors: failed, non2xx: 0 } };
}

interface Attack {
  sockets: Socket[];
  /** For each socket the server closed: seconds from its connect to the close. */
  closedAfterSeconds: () => number[];
  /** Uploads the server answered before their body ended (it should still be reading them all). */
  uploadsAnswered: () => number;
  stop: () => void;
}

function attack(url: URL, uploadPath: string, auth: Record<string, string>): Attack {
  const sockets: Socket[] = [];
  const timers: NodeJS.Timeout[] = [];
  const closedAfter: number[] = [];
  let answered = 0;
  let stopping = false;
  const open = (first: string, drip: () => string | Buffer, everyMs: number, isUpload = false) => {
    const socket = connect(Number(url.port), url.hostname);
    if (isUpload) socket.once('data', () => answered++);
    let connectedAt = performance.now();
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (!stopping) closedAfter.push((performance.now() - connectedAt) / 1000);
    });
    socket.once('connect', () => {
      connectedAt = performance.now();
      socket.write(first);
      const timer = setInterval(() => !socket.destroyed && socket.write(drip()), everyMs);
      timers.push(timer);
    });
    sockets.push(socket);
  };
  for (let i = 0; i < SLOWLORIS; i++) {
    let n = 0;
    open(`GET /?lori=${i} HTTP/1.1\r\nHost: ${url.host}\r\n`, () => `X-a${n++}: b\r\n`, 2_000);
  }
  const uploadHeaders = Object.entries({ ...auth, 'content-type': 'application/zip', 'x-file-name': 'big.zip', 'content-length': String(UPLOAD_BYTES) })
    .map(([name, value]) => `${name}: ${value}\r\n`)
    .join('');
  for (let i = 0; i < SLOW_UPLOADS; i++) {
    open(`PUT ${uploadPath} HTTP/1.1\r\nHost: ${url.host}\r\n${uploadHeaders}\r\n`, () => UPLOAD_CHUNK, 500, true);
  }
  return {
    sockets,
    closedAfterSeconds: () => [...closedAfter].sort((a, b) => a - b),
    uploadsAnswered: () => answered,
    stop: () => {
      stopping = true;
      for (const timer of timers) clearInterval(timer);
      for (const socket of sockets) socket.destroy();
    },
  };
}

export const slowClients: Scenario = {
  name: 'slow-clients',
  sharedServer: true,
  async run({ server }) {
    const email = `bench-slow-${Date.now()}@example.com`;
    await signUpCreator(server.url, server.publicUrl, email, 'bench-password-4821');
    const origin = { origin: server.publicUrl };
    const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password: 'bench-password-4821' }, origin)) as { idToken: string };
    const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
    const slug = `bench-slow-${Date.now() % 100000}`;
    const store = (await callFunction(server.url, 'createStoreWithTenant', { storeName: 'Bench Slow', slug }, auth)) as { id: string };
    const product = (await callFunction(
      server.url,
      'createProduct',
      { storeId: store.id, type: 'digital', title: 'Big file', priceMode: 'fixed', priceCents: 1500 },
      auth,
    )) as { id: string };
    const page = new URL(`${server.url}/${slug}`);
    await visitOnce(page);

    const idle = await visit(page);
    const onslaught = attack(page, `/api/stores/${store.id}/products/${product.id}/files`, auth);
    const attackStarted = performance.now();
    // Let every connection open and start dripping before the visitor comes.
    await new Promise((r) => setTimeout(r, 2_000));
    const underAttack = await visit(page);
    const left = ATTACK_SECONDS * 1000 - (performance.now() - attackStarted);
    if (left > 0) await new Promise((r) => setTimeout(r, left));
    const closed = onslaught.closedAfterSeconds();
    const uploadsAnswered = onslaught.uploadsAnswered();
    onslaught.stop();

    const max = (v: Visits) => (v.ms.at(-1) ?? NaN).toFixed(1);
    console.log(`\nslow-clients: visitor page max ${max(idle)} ms idle, ${max(underAttack)} ms under attack; ` +
      `${underAttack.ms.filter((ms) => ms > 1_000).length} of ${VISITS} over 1 s, ${underAttack.failed} failed`);
    const seconds = (at: number) => (closed.length ? `${closed[Math.min(closed.length - 1, Math.floor(at * closed.length))]!.toFixed(1)} s` : 'n/a');
    console.log(`slow-clients: the server closed ${closed.length} of ${SLOWLORIS + SLOW_UPLOADS} attacking sockets within ${ATTACK_SECONDS} s, ` +
      `after ${seconds(0)} / ${seconds(0.5)} / ${seconds(1)} (first / median / last, from each socket's connect; header deadline 10 s); ` +
      `${SLOW_UPLOADS - uploadsAnswered} of ${SLOW_UPLOADS} uploads still streaming`);
    return {
      title: `A visitor's storefront page (GET /{slug}, a new connection each) beside ${SLOWLORIS} slowloris connections and ${SLOW_UPLOADS} slow 100 MB uploads`,
      rows: [
        { label: 'idle server', sample: idle.sample, reference: null },
        { label: 'under slowloris + slow uploads', sample: underAttack.sample, reference: null },
      ],
    };
  },
};
