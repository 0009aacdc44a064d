import { rm } from 'node:fs/promises';
import pg from 'pg';
import { connectionStringOf, rssMb } from '../lib/database.ts';
import { ensureNginx } from '../lib/nginx.ts';
import { startNginxFront } from '../lib/nginx-front.ts';
import { rawReply } from '../lib/node-ceiling.ts';
import { startServer } from '../lib/server.ts';
import type { Row } from '../lib/report.ts';
import { SLUG, seed } from './storefront.ts';
import type { Scenario } from './types.ts';

/**
 * The storefront through the shipped caching front (deploy/nginx/shopfront.conf) beside bare nginx
 * serving the same bytes from disk and beside our server alone; how long a publish takes to show
 * through the front; then the page cache's bound: RSS and hit rate with 10,000 stores under a
 * Zipf-distributed load (BENCH_FRONT_STORES, BENCH_FRONT_REQUESTS change the sizes).
 */
const GZIP = { 'accept-encoding': 'gzip' };
const S_MAXAGE = 1;
const PUBLISHES = 10;
const STORES = Number(process.env.BENCH_FRONT_STORES ?? 10_000);
const ZIPF_REQUESTS = Number(process.env.BENCH_FRONT_REQUESTS ?? 50_000);
/** `memory`: only the page cache bound (no throughput rows, no publish timing); `front`: all but it. */
const ONLY = process.env.BENCH_FRONT_ONLY;

export const storefrontFront: Scenario = {
  name: 'storefront-front',
  async run({ nginx, measure }) {
    if (ONLY === 'memory') {
      await memoryUnderZipf();
      return { title: 'Storefront page cache bound (no throughput rows: BENCH_FRONT_ONLY=memory)', rows: [] };
    }
    const binary = ensureNginx();
    const server = await startServer({ STOREFRONT_S_MAXAGE: String(S_MAXAGE), TRUST_PROXY: 'loopback' });
    const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
    await db.connect();
    const front = binary ? await startNginxFront(binary, server.url) : null;
    const rows: Row[] = [];
    try {
      const { storeId } = await seed(db);
      const page = `${server.url}/${SLUG}`;
      const htmlGz = (await rawReply(page, GZIP)).body;
      const ref = await nginx([{ path: '/store.html.gz.bin', body: htmlGz, contentType: 'text/html' }]);
      const FRONT = 'GET /{slug} gzip through the front (nginx proxy_cache)';
      const BARE = 'bare nginx, same bytes from disk';
      const measured = [
        ...(front ? [{ label: FRONT, url: `${front.url}/${SLUG}`, headers: GZIP }] : []),
        { label: 'GET /{slug} gzip, our server alone', url: page, headers: GZIP },
      ];
      const samples = await measure([...measured, ...(ref ? [{ label: BARE, url: `${ref.url}/store.html.gz.bin` }] : [])]);
      await ref?.stop();
      const reference = samples.get(BARE) ?? null;
      rows.push(...measured.map((target) => ({ label: target.label, sample: samples.get(target.label)!, reference })));

      const visible = front ? await publishVisibleThrough(db, `${front.url}/${SLUG}`, storeId) : [];
      const frontSample = samples.get(FRONT) ?? null;
      const ratio = frontSample && reference ? frontSample.requestsPerSecond / reference.requestsPerSecond : null;
      console.log(
        [
          '',
          frontSample
            ? `Through the front: ${Math.round(frontSample.requestsPerSecond)} req/s, p99 ${frontSample.p99} ms; ` +
              `${ratio === null ? 'no bare nginx to compare' : `${ratio.toFixed(2)}× bare nginx`} (goal ≥ 0.9× with p99 ≤ 10 ms)` +
              (reference
                ? `; bare nginx itself ${Math.round(reference.requestsPerSecond)} req/s, p50 ${reference.p50} ms, p99 ${reference.p99} ms ` +
                  `(50 connections at that rate wait ${((50 / reference.requestsPerSecond) * 1000).toFixed(1)} ms each on average).`
                : '.')
            : 'The front: SKIPPED (no nginx).',
          visible.length
            ? `A publish shows through the front after: median ${percentile(visible, 50).toFixed(0)} ms, max ${Math.max(...visible).toFixed(0)} ms ` +
              `over ${visible.length} publishes (s-maxage ${S_MAXAGE} s; nginx counts whole seconds, so up to ${S_MAXAGE + 1} s; polled every 20 ms).`
            : '',
        ].join('\n'),
      );
    } finally {
      await front?.stop();
      await db.end();
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
    if (ONLY !== 'front') await memoryUnderZipf();
    return { title: `Storefront through the caching front (GET /${SLUG}, gzip), against bare nginx`, rows };
  },
};

/** Commit a change as a publish does, then poll through the front until the page shows it. */
async function publishVisibleThrough(db: pg.Client, url: string, storeId: string): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < PUBLISHES; i++) {
    const marker = `Front publish ${i} ${Date.now()}`;
    await (await fetch(url, { headers: GZIP })).arrayBuffer();
    const started = performance.now();
    await db.query('begin');
    await db.query(`update stores set description = $1 where id = $2`, [marker, storeId]);
    await db.query(`update stores set version = version + 1, updated_at = now() where id = $1`, [storeId]);
    await db.query(`select pg_notify('storefront_changed', $1)`, [storeId]);
    await db.query('commit');
    for (;;) {
      const html = await (await fetch(url)).text();
      if (html.includes(marker)) break;
      if (performance.now() - started > 10_000) throw new Error(`publish ${i} not visible through the front after 10 s`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    ms.push(performance.now() - started);
  }
  return ms;
}

/** A fresh server with the default page cache bound: RSS and hit rate with many stores, Zipf load. */
async function memoryUnderZipf(): Promise<void> {
  // BENCH_FRONT_HEAP_MB caps the server's V8 old space (garbage is otherwise collected lazily and
  // counts in RSS); BENCH_FRONT_PAGE_CACHE_MB its page cache. Only the server gets them.
  const heapMb = process.env.BENCH_FRONT_HEAP_MB;
  const cacheMb = process.env.BENCH_FRONT_PAGE_CACHE_MB;
  const server = await startServer({
    ...(heapMb ? { NODE_OPTIONS: `--max-old-space-size=${heapMb}` } : {}),
    ...(cacheMb ? { PAGE_CACHE_MAX_BYTES: String(Number(cacheMb) * 1024 * 1024) } : {}),
  });
  const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
  await db.connect();
  try {
    const seedStarted = performance.now();
    await seed(db);
    await db.query(
      // Like the storefront scenario's 10,000 stores: the bench store's 10 links and 5 social links each.
      `insert into stores (id, slug, name, description, creator_id, theme, links, social_links, published_at)
       select 'zipf_' || n, 'zipf-store-' || n, 'Zipf Store ' || n, 'Creator number ' || n || ' sells presets, guides and merch.',
              'bench_creator', case when n % 2 = 0 then 'neon-pulse' else 'mocha-mood' end, bench.links, bench.social_links, now()
       from generate_series(1, $1::int) as n, (select links, social_links from stores where id = 'bench_store') as bench`,
      [STORES],
    );
    const seedSeconds = (performance.now() - seedStarted) / 1000;
    const rssIdle = rssMb(server.pid!);
    const pick = zipf(STORES, 1);
    const before = (await (await fetch(`${server.url}/healthz/page-cache`)).json()) as { hits: number; misses: number };
    const started = performance.now();
    let failures = 0;
    let next = 0;
    await Promise.all(
      Array.from({ length: 20 }, async () => {
        while (next++ < ZIPF_REQUESTS) {
          const response = await fetch(`${server.url}/zipf-store-${pick()}`, { headers: GZIP });
          if (!response.ok) failures += 1;
          await response.arrayBuffer();
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const report = (await (await fetch(`${server.url}/healthz/page-cache`)).json()) as { hits: number; misses: number; bytes: number; maxBytes: number; stores: number };
    const hits = report.hits - before.hits;
    const misses = report.misses - before.misses;
    const rssAfter = rssMb(server.pid!);
    const byRank = await hitRateByRank(server.url, pick, report.hits);
    console.log(
      `\nPage cache bound: ${STORES} stores seeded in ${seedSeconds.toFixed(1)} s; ${ZIPF_REQUESTS} requests (Zipf s=1, 20 connections) in ${seconds.toFixed(1)} s, ` +
        `${failures} failures; hit rate ${((100 * hits) / (hits + misses)).toFixed(1)} % (${hits} hits, ${misses} misses); ` +
        `${report.stores} stores held in ${(report.bytes / 1048576).toFixed(1)} MB of ${(report.maxBytes / 1048576).toFixed(0)} MB; ` +
        `server RSS ${rssIdle} MB before, ${rssAfter} MB after (goal ≤ 250 MB)` +
        (heapMb ? `, with --max-old-space-size=${heapMb}.` : '.') +
        `\nThen ${RANKED_REQUESTS} more, one at a time, answered from memory: the hottest 1 % of stores ${byRank.top1}, ` +
        `the hottest 10 % ${byRank.top10}, all ${byRank.all}.`,
    );
  } finally {
    await db.end();
    await server.stop();
    await rm(server.dataDir, { recursive: true, force: true });
  }
}

const RANKED_REQUESTS = 3000;

/**
 * The hit rate by how hot a store is: Zipf requests one at a time, each followed by a read of the
 * server's hit counter, so every request is known to be a hit or a miss.
 */
async function hitRateByRank(url: string, pick: () => number, hitsSoFar: number) {
  const classes: Record<'top1' | 'top10' | 'all', [hits: number, total: number]> = { top1: [0, 0], top10: [0, 0], all: [0, 0] };
  let hits = hitsSoFar;
  for (let i = 0; i < RANKED_REQUESTS; i++) {
    const rank = pick();
    await (await fetch(`${url}/zipf-store-${rank}`, { headers: GZIP })).arrayBuffer();
    const now = ((await (await fetch(`${url}/healthz/page-cache`)).json()) as { hits: number }).hits;
    const hit = now > hits ? 1 : 0;
    hits = now;
    for (const [name, share] of [['top1', 0.01], ['top10', 0.1], ['all', 1]] as const) {
      if (rank <= STORES * share) {
        classes[name][0] += hit;
        classes[name][1] += 1;
      }
    }
  }
  const percent = ([hit, total]: [number, number]) => (total ? `${((100 * hit) / total).toFixed(1)} %` : 'n/a');
  return { top1: percent(classes.top1), top10: percent(classes.top10), all: percent(classes.all) };
}

/** Store numbers 1…n drawn with probability ∝ 1/rank^s (rank 1 the hottest). */
function zipf(n: number, s: number): () => number {
  const cumulative = new Float64Array(n);
  let total = 0;
  for (let rank = 1; rank <= n; rank++) cumulative[rank - 1] = total += 1 / rank ** s;
  return () => {
    const target = Math.random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low + 1;
  };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};
