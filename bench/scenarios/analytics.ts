import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { SERVER_NODE_FLAGS } from '@shopfront/server/node-flags';
import { signUpCreator } from '../lib/creator.ts';
import { cpuBesideReference, cpuMicros, idleMicrosPerSecond } from '../lib/cpu.ts';
import { connectionStringOf, rssMb } from '../lib/database.ts';
import { rawReply, startNodeCeiling } from '../lib/node-ceiling.ts';
import { printTable } from '../lib/report.ts';
import { callFunction, startServer } from '../lib/server.ts';
import type { Sample } from '../lib/measure.ts';
import { sampleOf } from '../lib/measure.ts';
import type { Scenario } from './types.ts';

/**
 * Analytics (docs/analytics.md), on its own servers:
 * 1. dashboard queries over 1,000,000 events in 90 days for one store (seeded in SQL, rollups
 *    rebuilt by `npm run admin -- analytics-rebuild`): p50/p95 of getAnalyticsOverview for 30 days
 *    and 12 months, and of getAdvancedAnalytics (goal p95 ≤ 200 ms); BENCH_ANALYTICS_LARGE=1 adds
 *    10,000,000 events across 1,000 stores first;
 * 2. ingest: beacons of 10 events at a fixed 5,000 events/s for 10 s, then as fast as the server
 *    takes them; events/s written (counted in the table) and dropped;
 * 3. the storefront page's throughput with analytics off, with every view recorded, and while
 *    5,000 events/s of beacons arrive (goal: within 10 % of off);
 * 4. disk bytes per million events (raw partitions and their indexes, visits, rollups).
 */
const ROOT = join(import.meta.dirname, '..', '..');
const MILLION = 1_000_000;
const SEED_DAYS = 90;
const QUERY_SAMPLES = 60;
const INGEST_SECONDS = 10;
const BATCH = 10;
/** How long bench/run.ts's measure() runs one target (its runs × (1 s warm-up + the duration)). */
const MEASURE_SECONDS = Number(process.env.BENCH_RUNS ?? 3) * (1 + Number(process.env.BENCH_DURATION ?? 5));
/** CPU per page at a fixed offered rate, as the storefront scenario measures it (BENCH_CPU_RATE, BENCH_CPU_SECONDS to change it). */
const CPU_RUN = { rate: Number(process.env.BENCH_CPU_RATE ?? 5_000), seconds: Number(process.env.BENCH_CPU_SECONDS ?? 5), runs: Number(process.env.BENCH_RUNS ?? 3) };
/**
 * `BENCH_ANALYTICS_ONLY=page` (or `ingest`, or `page,ingest`): only those parts, without the
 * 1,000,000-event seed and the dashboard queries; `page` then leaves out the row measured while
 * beacons arrive. Unset: everything.
 */
const ONLY = new Set((process.env.BENCH_ANALYTICS_ONLY ?? '').split(',').filter(Boolean));
const runs = (part: 'page' | 'ingest') => ONLY.size === 0 || ONLY.has(part);
/** `BENCH_CPU_PROF=<dir>`: the recording server runs with `--cpu-prof`, its profile written there when it stops. */
function profiled(): Record<string, string> {
  const dir = process.env.BENCH_CPU_PROF;
  return dir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --cpu-prof --cpu-prof-dir=${dir}`.trim() } : {};
}
const BROWSER = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
/** Lifts the beacon's per-address and per-store limits: every request comes from 127.0.0.1. */
const NO_LIMITS = { ANALYTICS_LIMIT_PER_IP_PER_MINUTE: '10000000', ANALYTICS_LIMIT_PER_STORE_PER_MINUTE: '10000000' };

type Server = Awaited<ReturnType<typeof startServer>>;

/** A client of the server's embedded PostgreSQL; its stop at the end is not an error. */
async function connect(server: Server): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
  client.on('error', () => {});
  await client.connect();
  return client;
}

async function creatorWithStore(server: Server, slug: string) {
  const email = `bench-analytics-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const origin = { origin: server.publicUrl };
  const signIn = (await callFunction(server.url, 'signInWithPassword', { email, password }, origin)) as { idToken: string };
  const auth = { ...origin, authorization: `Bearer ${signIn.idToken}` };
  const store = (await callFunction(server.url, 'createStoreWithTenant', { storeName: 'Bench Analytics', slug }, auth)) as { id: string };
  return { auth, storeId: store.id };
}

/** Publishes the store with 10 link blocks and 20 products through SQL, as the storefront bench does. */
async function publish(db: pg.Client, storeId: string): Promise<void> {
  const links = Array.from({ length: 10 }, (_, i) => ({ id: `link-${i + 1}`, title: `Link ${i + 1}`, url: `https://example.com/${i + 1}` }));
  await db.query(`update stores set links = $2::jsonb, published_at = now(), version = version + 1 where id = $1`, [storeId, JSON.stringify(links)]);
  await db.query(
    `insert into products (id, store_id, slug, type, title, price_mode, price_cents, currency, cta_label, status)
     select 'prd_' || substr(md5($1 || n), 1, 20), $1, 'product-' || n, 'digital', 'Product ' || n, 'fixed', 900 + n * 100, 'USD', 'Buy now', 'published'
     from generate_series(1, 20) as n`,
    [storeId],
  );
  await db.query(`select pg_notify('storefront_changed', $1)`, [storeId]);
}

/** Monthly partitions covering the seeded days (the server creates this month's and the next ones). */
async function ensurePastPartitions(db: pg.Client, months: number): Promise<void> {
  await db.query(
    `do $$ declare m date; begin
       for i in 0..${months} loop
         m := (date_trunc('month', now()) - make_interval(months => i))::date;
         execute format('create table if not exists %I partition of analytics_events for values from (%L) to (%L)',
                        'analytics_events_y' || to_char(m, 'YYYY') || 'm' || to_char(m, 'MM'), m, (m + interval '1 month')::date);
       end loop; end $$`,
  );
}

/**
 * `count` events over the last 90 days for one store, four per visitor-day: a storefront view, a
 * product view, a link click or another product view, and every 20th visit a checkout, every
 * 50th a purchase; ten referrers, five UTM sources, eleven campaigns, twelve countries.
 */
async function seedEvents(db: pg.Client, storeId: string, timeZone: string, count: number): Promise<void> {
  await db.query(
    `insert into analytics_events (occurred_at, store_id, local_day, type, visitor, product_id, link_id, revenue_cents,
                                   referrer_host, utm_source, utm_medium, utm_campaign, country, device, browser, os)
     select ts, $1, (ts at time zone $2)::date,
            case j when 0 then 'storefront_view' when 1 then 'product_view'
                   when 2 then case when k % 3 = 0 then 'link_click' else 'product_view' end
                   else case when k % 50 = 0 then 'purchase' when k % 20 = 0 then 'checkout_started' else 'storefront_view' end end,
            k * 7919 + 13,
            case when j in (1, 2) and k % 3 <> 0 or j = 3 and (k % 50 = 0 or k % 20 = 0) then 'prd_' || substr(md5($1 || (k % 20 + 1)), 1, 20) end,
            case when j = 2 and k % 3 = 0 then 'link-' || (k % 10 + 1) end,
            case when j = 3 and k % 50 = 0 then 1900 end,
            (array['', 'instagram.com', 'tiktok.com', 'youtube.com', 'google.com', 'x.com', 'linktr.ee', 'facebook.com', 'reddit.com', 'pinterest.com'])[k % 10 + 1],
            (array['', 'newsletter', 'instagram', 'tiktok', 'podcast'])[k % 5 + 1],
            'social',
            'campaign-' || (k % 11),
            (array['US', 'GB', 'DE', 'FR', 'AU', 'CA', 'BR', 'IN', 'JP', 'NL', 'ES', 'IT'])[k % 12 + 1],
            (array['mobile', 'desktop', 'tablet'])[k % 3 + 1],
            (array['Safari', 'Chrome', 'Firefox', 'Edge', 'Samsung Internet'])[k % 5 + 1],
            (array['iOS', 'Android', 'Windows', 'macOS'])[k % 4 + 1]
     from (select g / 4 as k, g % 4 as j,
                  now() - make_interval(days => ${SEED_DAYS}) + (g / 4) * (make_interval(days => ${SEED_DAYS}) / ($3::int / 4)) + (g % 4) * interval '20 seconds' as ts
           from generate_series(0, $3::int - 1) as g) as s`,
    [storeId, timeZone, count],
  );
  await db.query(
    `insert into analytics_visits (store_id, local_day, visitor, first_seen_at, referrer_host, utm_source, utm_medium, utm_campaign,
                                   country, device, browser, os, viewed_store, viewed_product, started_checkout, purchased)
     select store_id, local_day, visitor, min(occurred_at), min(referrer_host), min(utm_source), min(utm_medium), min(utm_campaign),
            min(country), min(device), min(browser), min(os),
            max((type = 'storefront_view')::int), max((type = 'product_view')::int), max((type = 'checkout_started')::int), max((type = 'purchase')::int)
     from analytics_events where store_id = $1 group by store_id, local_day, visitor
     on conflict do nothing`,
    [storeId],
  );
}

function rebuildRollups(server: Server, slug: string): void {
  const done = spawnSync('npm', ['run', '--silent', 'admin', '--', 'analytics-rebuild', slug], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, NODE_ENV: 'test', LOG_LEVEL: 'warn' },
    encoding: 'utf8',
  });
  if (done.status !== 0) throw new Error(`analytics-rebuild failed: ${done.stderr || done.stdout}`);
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

/** Sequential calls (one dashboard user), after 5 unrecorded warm-up calls: p50 and p95 in ms. */
async function timeCalls(server: Server, name: string, data: unknown, auth: Record<string, string>) {
  const ms: number[] = [];
  for (let i = 0; i < QUERY_SAMPLES + 5; i++) {
    const started = performance.now();
    await callFunction(server.url, name, data, auth);
    if (i >= 5) ms.push(performance.now() - started);
  }
  return { p50: percentile(ms, 50), p95: percentile(ms, 95), max: Math.max(...ms) };
}

async function relationBytes(db: pg.Client): Promise<{ raw: number; visits: number; rollups: number }> {
  const { rows } = await db.query<{ raw: string; visits: string; rollups: string }>(
    `select (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree('analytics_events') where isleaf) as raw,
            pg_total_relation_size('analytics_visits') as visits,
            pg_total_relation_size('analytics_hourly') + pg_total_relation_size('analytics_daily') as rollups`,
  );
  const row = rows[0]!;
  return { raw: Number(row.raw), visits: Number(row.visits), rollups: Number(row.rollups) };
}

async function countEvents(db: pg.Client, storeId: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`select count(*) as n from analytics_events where store_id = $1`, [storeId]);
  return Number(rows[0]!.n);
}

/** The id `publish` gives the store's n-th product (a well-formed `prd_` id, as the beacon requires). */
const productId = (storeId: string, n: number) => `prd_${createHash('md5').update(`${storeId}${n}`).digest('hex').slice(0, 20)}`;

function beaconBody(storeId: string): string {
  const events = Array.from({ length: BATCH }, (_, i) => (i % 3 === 0 ? { t: 'link_click', l: `link-${(i % 10) + 1}` } : { t: 'product_view', p: productId(storeId, (i % 20) + 1) }));
  return JSON.stringify({ s: storeId, e: events });
}

function cannon(options: autocannon.Options): Promise<Sample> {
  return new Promise((resolve, reject) => autocannon(options, (error, result) => (error ? reject(error) : resolve(sampleOf(result)))));
}

/** Waits until the server has written every accepted event (the count stops growing). */
async function drained(db: pg.Client, storeId: string): Promise<number> {
  let last = -1;
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const now = await countEvents(db, storeId);
    if (now === last) return now;
    last = now;
  }
}

interface IngestCounters {
  accepted: number;
  written: number;
  discarded: number;
  dropped: number;
}

const countersOf = async (server: Server) => (await (await fetch(`${server.url}/healthz/analytics`)).json()) as IngestCounters & { queued: number };

/**
 * Until the server's buffer has dealt with every event it accepted (written, discarded or dropped).
 * Each look is a request the measured server answers and is charged for: every 200 ms, a run's
 * wait for its last flush (up to the buffer's 1 s interval) asks a handful of times, not twenty.
 */
async function flushed(server: Server): Promise<void> {
  for (;;) {
    const counters = await countersOf(server);
    if (counters.queued === 0 && counters.written + counters.discarded + counters.dropped >= counters.accepted) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function ingest(server: Server, db: pg.Client, storeId: string, rate: number | null) {
  const before = await countersOf(server);
  const cpuBefore = cpuMicros(server.pid!);
  const started = performance.now();
  const sample = await cannon({
    url: `${server.url}/api/analytics/events`,
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
    body: beaconBody(storeId),
    connections: 20,
    duration: INGEST_SECONDS,
    ...(rate ? { overallRate: rate / BATCH } : {}),
  });
  await flushed(server);
  const cpu = cpuMicros(server.pid!) - cpuBefore;
  await drained(db, storeId);
  const after = await countersOf(server);
  const delta = (key: keyof IngestCounters) => after[key] - before[key];
  const accepted = delta('accepted');
  return { sample, accepted, written: delta('written'), dropped: delta('dropped'), seconds: (performance.now() - started) / 1000, cpuPerEvent: accepted ? cpu / accepted : 0 };
}

export const analytics: Scenario = {
  name: 'analytics',
  async run({ measure }) {
    const slug = `bench-analytics-${Date.now() % 100000}`;
    const page = (server: Server) => ({ label: '', url: `${server.url}/${slug}`, headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER } });

    // The baseline: the same store on a server with analytics off, up beside the recording one.
    const off = await startServer({ ANALYTICS_ENABLED: 'false', ...NO_LIMITS });
    const server = await startServer({ ...NO_LIMITS, ...profiled() });
    const db = await connect(server);
    try {
      const offDb = await connect(off);
      try {
        const { storeId } = await creatorWithStore(off, slug);
        await publish(offDb, storeId);
      } finally {
        await offDb.end();
      }
      const { auth, storeId } = await creatorWithStore(server, slug);
      await publish(db, storeId);
      const { rows } = await db.query<{ time_zone: string }>('select time_zone from stores where id = $1', [storeId]);
      const timeZone = rows[0]!.time_zone;
      await ensurePastPartitions(db, 4);

      // 1. The storefront page: off, every view recorded, and the Node ceiling sending the same
      // bytes and headers; then the CPU each spends per page at a fixed rate, the recording
      // server's counted until its buffer has written every view of the run.
      if (runs('page')) {
        const pageReply = await rawReply(page(server).url, page(server).headers);
        const ceiling = await startNodeCeiling(pageReply.body, pageReply.headers);
        const ceilingTarget = { label: 'ceiling', url: `${ceiling.url}/`, headers: page(server).headers };
        let flagged: Awaited<ReturnType<typeof startNodeCeiling>> | undefined;
        let pages: Map<string, Sample>;
        let cpu: Awaited<ReturnType<typeof cpuBesideReference>>;
        let besideOff: Awaited<ReturnType<typeof cpuBesideReference>>;
        let idle: Map<number, number>;
        try {
          // The same ceiling under the V8 flags the server ships with (process/node-flags.ts): what those cost apart from the server's code.
          flagged = await startNodeCeiling(pageReply.body, pageReply.headers, SERVER_NODE_FLAGS);
          // The flagged ceiling is run here too, unprinted, so it is warmed as long as the others before
          // the CPU pass: unwarmed, a fresh node:http process cost 1.2–1.45× the warmed one a page.
          pages = await measure([
            { ...page(off), label: 'off' },
            { ...page(server), label: 'recorded' },
            ceilingTarget,
            { ...ceilingTarget, label: 'flagged', url: `${flagged.url}/` },
          ]);
          await drained(db, storeId);
          // Each server's background work while idle (job poller, timers, LISTEN), in one window:
          // taken off each run of its pages for the run's whole window (the recorded run's wait for
          // its flush included), as dashboard-scale does, so a page is charged only for itself.
          idle = await idleMicrosPerSecond([off.pid!, server.pid!], CPU_RUN.seconds);
          const offTarget = { ...page(off), label: 'off', pid: off.pid!, idleMicrosPerSecond: idle.get(off.pid!)! };
          const recordedTarget = { ...page(server), label: 'recorded', pid: server.pid!, settle: () => flushed(server), idleMicrosPerSecond: idle.get(server.pid!)! };
          // The same server and page, announced as a prefetch, which is served alike but not counted.
          const uncountedTarget = {
            ...page(server),
            headers: { ...page(server).headers, 'sec-purpose': 'prefetch' },
            label: 'uncounted',
            pid: server.pid!,
            idleMicrosPerSecond: idle.get(server.pid!)!,
          };
          // Each measured side by side with the ceiling, loaded at the same rate at the same time:
          // this machine's drift falls on both, and the ratio in each run holds still.
          cpu = await cpuBesideReference(
            [offTarget, recordedTarget, uncountedTarget, { ...ceilingTarget, label: 'flagged', url: `${flagged.url}/`, pid: flagged.pid }],
            { ...ceilingTarget, pid: ceiling.pid },
            CPU_RUN,
          );
          // The two servers side by side, each loaded at the fixed rate at the same time: recorded/off
          // read directly, not through two windows of the ceiling. The uncounted page beside off is
          // the control: the same two processes with nothing recorded, what two server processes
          // differ by apart from the recording.
          besideOff = await cpuBesideReference([recordedTarget, uncountedTarget], offTarget, CPU_RUN);
        } finally {
          await ceiling.stop();
          await flagged?.stop();
          await off.stop();
          await rm(off.dataDir, { recursive: true, force: true });
        }
        const offSample = pages.get('off')!;
        const recorded = pages.get('recorded')!;
        // The page while beacons arrive: the whole bench only (BENCH_ANALYTICS_ONLY skips it).
        const duringBeacons = ONLY.size > 0 ? null : cannon({
          url: `${server.url}/api/analytics/events`,
          method: 'POST',
          headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': BROWSER },
          body: beaconBody(storeId),
          connections: 10,
          // Beacons for as long as the measured runs last (each run: 1 s warm-up + the run).
          duration: MEASURE_SECONDS + 2,
          overallRate: 5000 / BATCH,
        });
        const withIngest = duringBeacons ? (await measure([{ ...page(server), label: 'ingest' }])).get('ingest')! : null;
        await duringBeacons;
        await drained(db, storeId);
        printTable('Storefront page GET /{slug} (gzip, browser user agent): analytics off vs on, and the Node ceiling', [
          { label: 'analytics off (ANALYTICS_ENABLED=false)', sample: offSample, reference: pages.get('ceiling')! },
          { label: 'analytics on: each view recorded', sample: recorded, reference: pages.get('ceiling')! },
          ...(withIngest ? [{ label: 'analytics on, beacons at 5,000 events/s meanwhile', sample: withIngest, reference: null }] : []),
          { label: 'node:http ceiling, same bytes and headers', sample: pages.get('ceiling')!, reference: null },
        ]);
        const ratio = (a: number, b: number) => (a / b).toFixed(2);
        const idleOff = idle.get(off.pid!)! / CPU_RUN.rate;
        const idleOn = idle.get(server.pid!)! / CPU_RUN.rate;
        const us = (label: string) => cpu.perRequest.get(label)!;
        const toCeiling = (label: string) => cpu.toReference.get(label)!;
        const fixed = (value: number) => value.toFixed(2);
        console.log(
          `storefront with every view recorded: ${((recorded.requestsPerSecond / offSample.requestsPerSecond) * 100).toFixed(0)} % of off, ` +
            `${ratio(recorded.requestsPerSecond, pages.get('ceiling')!.requestsPerSecond)}× the Node ceiling (goal ≥ 0.85×); ` +
            (withIngest ? `during 5,000 events/s of beacons: ${((withIngest.requestsPerSecond / offSample.requestsPerSecond) * 100).toFixed(0)} % of off` : '') +
            `\n` +
            `CPU per page at a fixed ${CPU_RUN.rate} req/s, each run beside the Node ceiling loaded at the same rate at the same time ` +
            `(user + system, medians of ${CPU_RUN.runs} runs of ${CPU_RUN.seconds} s; recorded: until every view is written), ` +
            `each server's idle background taken off (off ${idleOff.toFixed(1)} µs, recording ${idleOn.toFixed(1)} µs a page at this rate): ` +
            `off ${us('off').toFixed(1)} µs, recorded ${us('recorded').toFixed(1)} µs, the recording server's uncounted (prefetch) page ${us('uncounted').toFixed(1)} µs, ` +
            `Node ceiling ${cpu.reference.toFixed(1)} µs;\n` +
            `against the ceiling beside it (medians of each run's ratio): off ${fixed(toCeiling('off'))}, recorded ${fixed(toCeiling('recorded'))} (goal ≤ 1.15), uncounted ${fixed(toCeiling('uncounted'))};\n` +
            `recorded/off through the ceiling ${ratio(toCeiling('recorded'), toCeiling('off'))}, ` +
            `recorded/uncounted ${ratio(toCeiling('recorded'), toCeiling('uncounted'))} (the recording's cost in one process, without the difference between two servers' processes);\n` +
            `side by side with the server with analytics off (medians of each run's ratio): recorded/off ${fixed(besideOff.toReference.get('recorded')!)} (goal ≤ 1.10), ` +
            `uncounted/off ${fixed(besideOff.toReference.get('uncounted')!)} (the control: nothing recorded, what the two processes differ by);\n` +
            `the ceiling under the server's V8 flags (${SERVER_NODE_FLAGS.join(' ')}) ${us('flagged').toFixed(1)} µs a page, ${fixed(toCeiling('flagged'))}× the plain one beside it; ` +
            `against it recorded ${ratio(toCeiling('recorded'), toCeiling('flagged'))}×, off ${ratio(toCeiling('off'), toCeiling('flagged'))}×`,
        );
      }

      // 2. Ingest.
      if (runs('ingest')) {
        for (const rate of [5000, null]) {
          const run = await ingest(server, db, storeId, rate);
          console.log(
            `ingest ${rate ? `at a fixed ${rate} events/s` : 'as fast as the server takes them'} (${BATCH} events a beacon, 20 connections, ${INGEST_SECONDS} s): ` +
              `${Math.round(run.accepted / INGEST_SECONDS)} events/s accepted, ${run.written} written, ${run.dropped} dropped (buffer full or a failed write); ` +
              `${Math.round(run.written / run.seconds)} events/s written from the first beacon to the last write; ` +
              `server CPU ${run.cpuPerEvent.toFixed(1)} µs per event accepted (user + system, from the first beacon until the buffer was empty); ` +
              `beacon p50 ${run.sample.p50} ms, p99 ${run.sample.p99} ms, non-2xx ${run.sample.non2xx}, errors ${run.sample.errors}; server RSS ${rssMb(server.pid!)} MB`,
          );
        }
      }
      if (ONLY.size > 0) return { title: `Analytics: only ${[...ONLY].join(', ')} (BENCH_ANALYTICS_ONLY)`, rows: [] };

      // 3. Queries over 1,000,000 events (and 10,000,000 across 1,000 stores when asked).
      if (process.env.BENCH_ANALYTICS_LARGE) {
        const started = performance.now();
        await db.query(
          `insert into stores (id, slug, name, description, creator_id, theme)
           select 'bulk_an_' || n, 'bulk-an-' || n, 'Bulk ' || n, '', (select creator_id from stores where id = $1), 'neon-pulse'
           from generate_series(1, 1000) as n`,
          [storeId],
        );
        for (let n = 1; n <= 1000; n++) await seedEvents(db, `bulk_an_${n}`, 'UTC', 10_000);
        console.log(`seeded 10,000,000 events across 1,000 other stores in ${((performance.now() - started) / 1000).toFixed(0)} s`);
      }
      const seedStarted = performance.now();
      const bytesBefore = await relationBytes(db);
      await seedEvents(db, storeId, timeZone, MILLION);
      const seedSeconds = (performance.now() - seedStarted) / 1000;
      const rebuildStarted = performance.now();
      rebuildRollups(server, slug);
      const rebuildSeconds = (performance.now() - rebuildStarted) / 1000;
      await db.query('vacuum analyze analytics_events, analytics_visits, analytics_hourly, analytics_daily');
      const bytesAfter = await relationBytes(db);
      const events = await countEvents(db, storeId);
      const live = await db.query<{ n: string }>(`select count(*) as n from analytics_events where store_id = $1 and occurred_at > now() - interval '5 minutes'`, [storeId]);
      console.log(
        `seeded ${MILLION.toLocaleString('en')} events over ${SEED_DAYS} days for one store in ${seedSeconds.toFixed(0)} s ` +
          `(${events.toLocaleString('en')} with the runs above; ${Number(live.rows[0]!.n).toLocaleString('en')} of them in the last 5 minutes, which getLiveVisitors reads); ` +
          `rollups rebuilt from them in ${rebuildSeconds.toFixed(1)} s`,
      );
      // The growth from seeding exactly 1,000,000 events.
      const perMillion = (bytes: number) => bytes / 2 ** 20;
      console.log(
        `disk per 1,000,000 events: raw partitions with indexes ${perMillion(bytesAfter.raw - bytesBefore.raw).toFixed(0)} MiB, ` +
          `visits ${perMillion(bytesAfter.visits - bytesBefore.visits).toFixed(0)} MiB, rollups ${perMillion(bytesAfter.rollups - bytesBefore.rollups).toFixed(1)} MiB`,
      );
      await db.query(`insert into feature_flags (name, enabled) values ('advancedAnalytics', true) on conflict (name) do update set enabled = true`);
      await db.query(`select pg_notify('feature_flags_changed', '')`);
      const timings = [
        ['getAnalyticsOverview, 30 days', await timeCalls(server, 'getAnalyticsOverview', { storeId, period: '30d' }, auth)],
        ['getAnalyticsOverview, 12 months', await timeCalls(server, 'getAnalyticsOverview', { storeId, period: '12m' }, auth)],
        ['getAnalyticsOverview, today', await timeCalls(server, 'getAnalyticsOverview', { storeId, period: 'today' }, auth)],
        ['getAdvancedAnalytics, 30 days', await timeCalls(server, 'getAdvancedAnalytics', { storeId, period: '30d' }, auth).catch((e: Error) => e)],
        ['getAdvancedAnalytics, 12 months', await timeCalls(server, 'getAdvancedAnalytics', { storeId, period: '12m' }, auth).catch((e: Error) => e)],
        ['getLiveVisitors', await timeCalls(server, 'getLiveVisitors', { storeId }, auth)],
        ['getProductAnalytics', await timeCalls(server, 'getProductAnalytics', { storeId }, auth)],
      ] as const;
      console.log(`\n## Dashboard queries over ${events.toLocaleString('en')} events (${QUERY_SAMPLES} sequential calls each, through HTTP; goal p95 ≤ 200 ms)\n`);
      console.log('| query | p50 ms | p95 ms | max ms |\n|---|---:|---:|---:|');
      for (const [label, t] of timings) {
        console.log(t instanceof Error ? `| ${label} | failed: ${t.message} | | |` : `| ${label} | ${t.p50.toFixed(1)} | ${t.p95.toFixed(1)} | ${t.max.toFixed(1)} |`);
      }
      return { title: 'Analytics: every row printed above', rows: [] };
    } finally {
      await db.end();
      await server.stop();
      await off.stop();
      await rm(server.dataDir, { recursive: true, force: true });
      await rm(off.dataDir, { recursive: true, force: true });
    }
  },
};
