// Exports what the bookings scenario drives: a store with two call products sharing one
// availability, a bounded keep-alive HTTP client that times each request from the moment it has a
// connection, and the SQL checks over `bookings`.
import { Agent, request } from 'node:http';
import type pg from 'pg';
import { signUpCreator } from '../lib/creator.ts';
import { callFunction } from '../lib/server.ts';

export interface Answer {
  status: number;
  body: string;
  /** From the moment the request had a connection to the last byte of the answer (ms). */
  ms: number;
}

export type Send = (method: 'GET' | 'POST', path: string, body?: string, headers?: Record<string, string>) => Promise<Answer>;

/**
 * Promise.all over node:http with a keep-alive Agent of `connections` sockets: requests beyond
 * that wait in the agent's queue, so the server never sees more than `connections` at once, and
 * the time a request waits for a socket (client-side queueing) is not counted in its latency,
 * as autocannon does not count it either.
 */
export function boundedClient(baseUrl: string, connections: number): { send: Send; close: () => void } {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const { hostname, port } = new URL(baseUrl);
  const send: Send = (method, path, body, headers = {}) =>
    new Promise((resolve) => {
      let started = performance.now();
      const length = body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) };
      const req = request({ agent, hostname, port, method, path, headers: { ...headers, ...length } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), ms: performance.now() - started }));
        res.on('error', (error) => resolve({ status: 0, body: error.message, ms: performance.now() - started }));
      });
      req.on('socket', () => {
        started = performance.now();
      });
      // A refused or reset connection is counted by the caller (status 0), not thrown: one must not end the round.
      req.on('error', (error) => resolve({ status: 0, body: error.message, ms: performance.now() - started }));
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

/** Monday to Friday 09:00–17:00 in Berlin: 30-minute calls, 15 minutes after each. */
export const CALL = { zone: 'Europe/Berlin', durationMinutes: 30, bufferAfterMinutes: 15, open: { start: '09:00', end: '17:00' } } as const;

export interface CallStore {
  storeId: string;
  productIds: [string, string];
}

/** A creator's store with two published call products (50.00) sharing the store's weekly hours. */
export async function seedCallStore(server: { url: string; publicUrl: string }, windowDays: number): Promise<CallStore> {
  const email = `bench-bookings-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const origin = { origin: server.publicUrl };
  const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password }, origin)) as { idToken: string };
  const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
  const fn = (name: string, data: Record<string, unknown>) => callFunction(server.url, name, data, auth);
  const store = (await fn('createStoreWithTenant', { storeName: 'Bench Calls', slug: `bench-calls-${Date.now() % 100000}` })) as { id: string };
  const day = [CALL.open];
  await fn('setAvailability', { storeId: store.id, timeZone: CALL.zone, weeklyHours: { mon: day, tue: day, wed: day, thu: day, fri: day, sat: [], sun: [] } });
  const productIds: string[] = [];
  for (const title of ['Strategy call', 'Portfolio review']) {
    const product = (await fn('createProduct', { storeId: store.id, type: 'call', title, priceMode: 'fixed', priceCents: 5000 })) as { id: string };
    await fn('updateCallSettings', {
      storeId: store.id,
      productId: product.id,
      settings: {
        durationMinutes: CALL.durationMinutes,
        bufferBeforeMinutes: 0,
        bufferAfterMinutes: CALL.bufferAfterMinutes,
        minNoticeMinutes: 60,
        bookingWindowDays: windowDays,
        dailyMax: null,
        location: { kind: 'video-url', value: 'https://meet.example.com/bench' },
        intakeQuestions: [],
        packageSize: 1,
        packageValidityDays: null,
        changeNoticeHours: 24,
        refundOnCancel: 'full',
      },
    });
    await fn('updateProduct', { storeId: store.id, productId: product.id, status: 'published' });
    productIds.push(product.id);
  }
  return { storeId: store.id, productIds: productIds as [string, string] };
}

/** The Monday (00:00 UTC) `weeks` weeks after the next one: all of that week's Berlin hours lie in [it, +7 days). */
export function weekStart(now: Date, weeks: number): Date {
  const monday = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  monday.setUTCDate(monday.getUTCDate() + ((8 - monday.getUTCDay()) % 7 || 7) + 7 * weeks);
  return monday;
}

/** Bookings of the store by status within [from, to), and with a checkout. */
export async function bookingCounts(db: pg.Client, storeId: string, from: Date, to: Date): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: string }>(
    'SELECT status, count(*) AS n FROM bookings WHERE store_id = $1 AND starts_at >= $2 AND starts_at < $3 GROUP BY status',
    [storeId, from, to],
  );
  return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]));
}

/**
 * Double-bookings over the whole store, any product: pairs of held or confirmed bookings whose
 * calls overlap, and pairs whose blocked ranges (buffers included) overlap. Both must be 0.
 */
export async function doubleBookings(db: pg.Client, storeId: string): Promise<{ calls: number; blocked: number }> {
  const { rows } = await db.query<{ calls: string; blocked: string }>(
    `SELECT count(*) FILTER (WHERE a.starts_at < b.ends_at AND b.starts_at < a.ends_at) AS calls,
            count(*) FILTER (WHERE a.blocked_from < b.blocked_until AND b.blocked_from < a.blocked_until) AS blocked
       FROM bookings a JOIN bookings b ON b.store_id = a.store_id AND a.id < b.id
      WHERE a.store_id = $1 AND a.status IN ('held', 'confirmed') AND b.status IN ('held', 'confirmed')`,
    [storeId],
  );
  return { calls: Number(rows[0]?.calls ?? 0), blocked: Number(rows[0]?.blocked ?? 0) };
}

/** The p-th percentile (nearest rank) of `values`, in ms with one decimal. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! * 10) / 10;
}

export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
