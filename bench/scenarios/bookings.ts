import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import pg from 'pg';
import { connectionStringOf } from '../lib/database.ts';
import { startServer } from '../lib/server.ts';
import { bookingCounts, boundedClient, doubleBookings, median, percentile, seedCallStore, weekStart, type Answer, type Send } from './bookings-rush.ts';
import type { Scenario } from './types.ts';

/**
 * 1,000 buyers at once on one week of a store's calls (docs/bookings.md "Bench"), on its own
 * server (production's answers: CHECK_FUNCTION_OUTPUT=off). The store has two call products
 * sharing its weekly hours; each buyer asks one product's open times for the week (in one of four
 * zones), picks one at random and starts a checkout for it (test provider), so most collide. The
 * held checkouts are then paid through the test provider's card page. Counted: holds, bookings
 * confirmed, refusals by message, any 5xx, and double-bookings by SQL over `bookings` (must be 0);
 * timed: the open-times query during the rush, beside the same query alone and `GET /healthz`,
 * each 1,000 requests at once through the same bounded client. `BENCH_RUNS` rounds, each on the
 * next untouched week; medians printed.
 */
const BUYERS = Number(process.env.BENCH_BOOKINGS_BUYERS ?? 1000);
const CONNECTIONS = Number(process.env.BENCH_BOOKINGS_CONNECTIONS ?? 100);
const ROUNDS = Number(process.env.BENCH_RUNS ?? 3);
const ZONES = ['America/New_York', 'Europe/London', 'Europe/Berlin', 'Asia/Tokyo'];
const JSON_HEADERS = { 'content-type': 'application/json' };
const load = () => loadavg().map((l) => l.toFixed(2)).join(' ');

interface Round {
  offered: number;
  holds: number;
  paid: number;
  confirmed: number;
  refusals: Map<string, number>;
  serverErrors: string[];
  doubles: { calls: number; blocked: number };
  rushSeconds: number;
  ms: { rushSlots: number[]; quietSlots: number[]; health: number[]; checkout: number[] };
}

const messageOf = (answer: Answer) => {
  try {
    return (JSON.parse(answer.body) as { error?: { message?: string } }).error?.message ?? answer.body.slice(0, 120);
  } catch {
    return answer.body.slice(0, 120);
  }
};

async function runRound(send: Send, publicUrl: string, db: pg.Client, store: { storeId: string; productIds: [string, string] }, week: Date): Promise<Round> {
  const { storeId, productIds } = store;
  const to = new Date(week.getTime() + 7 * 86_400_000);
  const serverErrors: string[] = [];
  const note = (what: string, answer: Answer) => {
    if (answer.status >= 500 || answer.status === 0) serverErrors.push(`${what} ${answer.status || 'connection error'}: ${answer.body.slice(0, 200)}`);
    return answer;
  };
  const slotsOf = (i: number) =>
    send('POST', '/fn/getOpenSlots', JSON.stringify({ data: { storeId, productId: productIds[i % 2], timeZone: ZONES[i % ZONES.length], from: week.toISOString(), to: to.toISOString() } }), JSON_HEADERS).then((a) => note('getOpenSlots', a));
  const all = <T>(task: (i: number) => Promise<T>) => Promise.all(Array.from({ length: BUYERS }, (_, i) => task(i)));

  // The references, at the same concurrency through the same client, just before the rush.
  const health = await all(() => send('GET', '/healthz').then((a) => note('healthz', a)));
  const quiet = await all(slotsOf);
  const startsIn = (answer: Answer) => (JSON.parse(answer.body) as { result: { days: { slots: { startsAt: string }[] }[] } }).result.days.flatMap((d) => d.slots.map((s) => s.startsAt));
  const offered = quiet[0]?.status === 200 ? startsIn(quiet[0]).length : 0;

  const refusals = new Map<string, number>();
  /** Counts a refusal by its message; answers null (no checkout held). */
  const refuse = (key: string): null => {
    refusals.set(key, (refusals.get(key) ?? 0) + 1);
    return null;
  };
  const rushSlots: number[] = [];
  const checkoutMs: number[] = [];
  const started = performance.now();
  const held = await all(async (i) => {
    const slots = await slotsOf(i);
    rushSlots.push(slots.ms);
    if (slots.status !== 200) return refuse(`getOpenSlots ${slots.status} ${messageOf(slots)}`);
    const starts = startsIn(slots);
    if (!starts.length) return refuse('no open time left in the week (no checkout tried)');
    const start = starts[Math.floor(Math.random() * starts.length)]!;
    const body = { storeId, productId: productIds[i % 2], name: `Bench Buyer ${i}`, email: `buyer-${i}-${randomUUID().slice(0, 8)}@example.com`, idempotencyKey: randomUUID(), booking: { start, timeZone: ZONES[i % ZONES.length], answers: {} } };
    const checkout = note('createCheckout', await send('POST', '/fn/createCheckout', JSON.stringify({ data: body }), JSON_HEADERS));
    checkoutMs.push(checkout.ms);
    if (checkout.status !== 200) return refuse(`createCheckout ${checkout.status} ${messageOf(checkout)}`);
    return (JSON.parse(checkout.body) as { result: { checkoutId: string } }).result.checkoutId;
  });
  const rushSeconds = (performance.now() - started) / 1000;
  const checkoutIds = held.filter((id) => id !== null);
  const heldRows = (await bookingCounts(db, storeId, week, to)).held ?? 0;
  if (heldRows !== checkoutIds.length) serverErrors.push(`${checkoutIds.length} checkouts answered with a hold but ${heldRows} bookings are held`);

  // Each held checkout paid with the test card, as the card page's form posts it.
  const card = new URLSearchParams({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123', cardName: 'Bench Buyer' }).toString();
  const pays = await Promise.all(
    checkoutIds.map((id) => send('POST', `/api/checkout/test/${id}`, card, { 'content-type': 'application/x-www-form-urlencoded', origin: publicUrl }).then((a) => note('pay', a))),
  );
  for (const pay of pays.filter((p) => p.status !== 303)) refuse(`pay ${pay.status}`);
  const counts = await bookingCounts(db, storeId, week, to);
  return {
    offered,
    holds: checkoutIds.length,
    paid: pays.filter((p) => p.status === 303).length,
    confirmed: counts.confirmed ?? 0,
    refusals,
    serverErrors,
    doubles: await doubleBookings(db, storeId),
    rushSeconds,
    ms: { rushSlots, quietSlots: quiet.map((a) => a.ms), health: health.map((a) => a.ms), checkout: checkoutMs },
  };
}

function printRound(n: number, week: Date, r: Round): void {
  const p = (values: number[]) => `p50 ${percentile(values, 50)} / p99 ${percentile(values, 99)} ms`;
  console.log(`\n### Round ${n}: the week of ${week.toISOString().slice(0, 10)} (load average ${load()})`);
  console.log(`${r.offered} open times per product; ${BUYERS} buyers in ${r.rushSeconds.toFixed(2)} s; ${r.holds} checkouts got a hold, ${r.paid} paid, ${r.confirmed} bookings confirmed`);
  console.log(`double-bookings (SQL over bookings, whole store): ${r.doubles.calls} overlapping calls, ${r.doubles.blocked} overlapping blocked ranges (must be 0)`);
  for (const [message, count] of [...r.refusals].sort((a, b) => b[1] - a[1])) console.log(`  refused ${count}× — ${message}`);
  const errors = new Map<string, number>();
  for (const error of r.serverErrors) errors.set(error, (errors.get(error) ?? 0) + 1);
  for (const [error, count] of errors) console.log(`  BUG ${count}×: ${error}`);
  console.log(`getOpenSlots during the rush ${p(r.ms.rushSlots)}; alone ${p(r.ms.quietSlots)}; GET /healthz ${p(r.ms.health)}; createCheckout during the rush ${p(r.ms.checkout)}`);
}

function printMedians(rounds: Round[]): void {
  const m = (pick: (r: Round) => number) => median(rounds.map(pick));
  const row = (label: string, pick: (r: Round) => number[]) =>
    console.log(`| ${label} | ${m((r) => percentile(pick(r), 50))} | ${m((r) => percentile(pick(r), 99))} | ${m((r) => pick(r).length)} |`);
  console.log(`\n## Bookings: ${BUYERS} buyers at once, ${CONNECTIONS} connections (median of ${rounds.length} rounds; load average ${load()})\n`);
  console.log(`open times per product ${m((r) => r.offered)}, holds ${m((r) => r.holds)}, confirmed ${m((r) => r.confirmed)}, refused ${m((r) => BUYERS - r.holds)}, ` +
    `rush ${m((r) => r.rushSeconds).toFixed(2)} s, double-bookings ${Math.max(...rounds.map((r) => r.doubles.calls + r.doubles.blocked))} (max of rounds), 5xx/mismatches ${rounds.reduce((n, r) => n + r.serverErrors.length, 0)}\n`);
  const messages = new Set(rounds.flatMap((r) => [...r.refusals.keys()]));
  for (const message of messages) console.log(`refused ${m((r) => r.refusals.get(message) ?? 0)}× (median) — ${message}`);
  console.log('\n| request | p50 ms | p99 ms | requests |');
  console.log('|---|---:|---:|---:|');
  row('getOpenSlots (one week) during the rush', (r) => r.ms.rushSlots);
  row('getOpenSlots (one week) alone, 1,000 at once', (r) => r.ms.quietSlots);
  row('GET /healthz, 1,000 at once (reference)', (r) => r.ms.health);
  row('createCheckout with a booking, during the rush', (r) => r.ms.checkout);
}

export const bookings: Scenario = {
  name: 'bookings',
  async run() {
    const server = await startServer({ CHECK_FUNCTION_OUTPUT: 'off' });
    const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
    const client = boundedClient(server.url, CONNECTIONS);
    try {
      await db.connect();
      // Every round takes the next untouched week of one store, so the check covers all of them.
      const store = await seedCallStore(server, Math.min(730, 7 * (ROUNDS + 2)));
      const now = new Date();
      const rounds: Round[] = [];
      for (let n = 0; n < ROUNDS; n++) {
        const week = weekStart(now, n);
        rounds.push(await runRound(client.send, server.publicUrl, db, store, week));
        printRound(n + 1, week, rounds.at(-1)!);
      }
      printMedians(rounds);
      const doubles = rounds.some((r) => r.doubles.calls + r.doubles.blocked > 0);
      if (doubles) throw new Error('bookings: a slot was sold twice (see the rounds above)');
      return { title: 'Bookings: every row printed above', rows: [] };
    } finally {
      client.close();
      await db.end();
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  },
};
