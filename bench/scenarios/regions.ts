import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { Row } from '../lib/report.ts';
import { startServer } from '../lib/server.ts';
import { SLUG, seed } from './storefront.ts';
import type { Scenario } from './types.ts';

/**
 * Two regions on one machine (docs/regions.md): the storefront page served by the us-central
 * server from the primary and by the sydney server from its logical-replication mirror, beside
 * nginx sending the same bytes; then the replication lag a visitor sees over 100 sequential
 * changes (committed on the primary until the sydney server serves them), and the lag of each
 * row in a burst of 1,000 product updates (committed until present on the mirror).
 */
const GZIP = { 'accept-encoding': 'gzip' };

/** The server's own two-cluster set-up (the one `npm run dev:regions` uses), loaded at run time: the bench project does not compile server sources. */
interface RegionDatabases {
  primaryUrl: string;
  mirrorUrl: string;
  stop(): Promise<void>;
}
const SERVER_REGIONS_MODULE = '../../apps/server/src/regions/start-region-databases.ts';
const SERVER_LOGGER_MODULE = '../../apps/server/src/logger.ts';
async function startRegionDatabases(dir: string): Promise<RegionDatabases> {
  const { startRegionDatabases: start } = (await import(SERVER_REGIONS_MODULE)) as { startRegionDatabases: (options: { dir: string; log: unknown }) => Promise<RegionDatabases> };
  const { createLogger } = (await import(SERVER_LOGGER_MODULE)) as { createLogger: (env: { logLevel: string }) => unknown };
  return start({ dir, log: createLogger({ logLevel: 'warn' }) });
}
const SEQUENTIAL_CHANGES = 100;
const BURST = 1_000;
const BURST_CLIENTS = 10;
const POLL_MS = 2;

const percentile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? NaN;
};
const ms = (value: number) => `${value.toFixed(1)} ms`;
const sleep = (delay: number) => new Promise((resolve) => setTimeout(resolve, delay));

export const regions: Scenario = {
  name: 'regions',
  async run({ nginx, measure }) {
    const dir = mkdtempSync(join(tmpdir(), 'shopfront-bench-regions-'));
    const databases = await startRegionDatabases(dir);
    const primary = new pg.Client({ connectionString: databases.primaryUrl });
    const mirror = new pg.Client({ connectionString: databases.mirrorUrl });
    await primary.connect();
    await mirror.connect();
    const us = await startServer({ REGION: 'us-central', DATABASE_URL: databases.primaryUrl });
    const sydney = await startServer({
      REGION: 'sydney',
      DATABASE_URL: databases.primaryUrl,
      MIRROR_DATABASE_URL: databases.mirrorUrl,
      PRIMARY_REGION_URL: us.url,
    });
    try {
      await seed(primary);
      await waitFor(async () => {
        const ready = (await (await fetch(`${sydney.url}/readyz`)).json()) as { replication?: { readsFrom: string } };
        return ready.replication?.readsFrom === 'mirror';
      }, 30_000);
      await waitFor(async () => (await fetch(`${sydney.url}/${SLUG}`)).status === 200, 30_000);

      // Throughput: the same page from each region's server, and nginx sending the same bytes.
      const pageBytes = Buffer.from(await (await fetch(`${sydney.url}/${SLUG}`, { headers: GZIP })).arrayBuffer());
      const ref = await nginx([{ path: '/store.html', body: pageBytes, contentType: 'text/html' }]);
      const targets = [
        { label: 'GET /{slug} from the sydney mirror', url: `${sydney.url}/${SLUG}`, headers: GZIP },
        { label: 'GET /{slug} from the us-central primary', url: `${us.url}/${SLUG}`, headers: GZIP },
        ...(ref ? [{ label: 'nginx, the same bytes', url: `${ref.url}/store.html` }] : []),
      ];
      const samples = await measure(targets);
      await ref?.stop();
      const nginxSample = samples.get('nginx, the same bytes') ?? null;
      // nginx's own row (ratio 1.00) shows its absolute req/s beside the two servers'.
      const rows: Row[] = targets.map((target) => ({ label: target.label, sample: samples.get(target.label)!, reference: nginxSample }));

      // What a visitor sees: a change committed on us-central until sydney serves it.
      const visible: number[] = [];
      for (let change = 1; change <= SEQUENTIAL_CHANGES; change += 1) {
        const name = `Bench Beats ${change}`;
        await primary.query('begin');
        await primary.query('update stores set name = $1 where slug = $2', [name, SLUG]);
        await primary.query(`update stores set version = version + 1 where slug = $1`, [SLUG]);
        await primary.query(`select pg_notify('storefront_changed', id) from stores where slug = $1`, [SLUG]);
        await primary.query('commit');
        const committed = performance.now();
        await waitFor(async () => ((await (await fetch(`${sydney.url}/api/storefront?slug=${SLUG}`)).json()) as { store: { profile: { name: string } } }).store.profile.name === name, 10_000, POLL_MS);
        visible.push(performance.now() - committed);
      }

      // A burst of 1,000 product updates from 10 clients: each row's commit until it is on the mirror.
      await primary.query(
        `insert into products (id, store_id, slug, type, title, cta_label, price_mode, price_cents, currency, status)
         select 'burst_' || n, 'bench_store', 'burst-' || n, 'digital', 'Burst ' || n, 'Buy now', 'fixed', 900, 'USD', 'draft'
         from generate_series(1, $1::int) as n`,
        [BURST],
      );
      await waitFor(async () => Number((await mirror.query(`select count(*) as n from products where id like 'burst_%'`)).rows[0].n) === BURST, 30_000);
      const committedAt = new Map<string, number>();
      const seenAt = new Map<string, number>();
      let polling = true;
      const poller = (async () => {
        while (polling || seenAt.size < BURST) {
          const { rows: arrived } = await mirror.query<{ id: string }>(`select id from products where id like 'burst_%' and title like 'updated %'`);
          const now = performance.now();
          for (const { id } of arrived) if (!seenAt.has(id)) seenAt.set(id, now);
          if (!polling && seenAt.size >= BURST) break;
          await sleep(POLL_MS);
        }
      })();
      const clients = await Promise.all(Array.from({ length: BURST_CLIENTS }, async () => {
        const client = new pg.Client({ connectionString: databases.primaryUrl });
        await client.connect();
        return client;
      }));
      const burstStarted = performance.now();
      let next = 1;
      await Promise.all(clients.map(async (client) => {
        while (next <= BURST) {
          const id = `burst_${next++}`;
          await client.query(`update products set title = 'updated ' || id where id = $1`, [id]);
          committedAt.set(id, performance.now());
        }
      }));
      const burstCommitted = performance.now();
      polling = false;
      await Promise.race([poller, sleep(60_000)]);
      await Promise.all(clients.map((client) => client.end()));
      const burstLags = [...committedAt].map(([id, at]) => (seenAt.get(id) ?? NaN) - at);
      const allOnMirror = Math.max(...seenAt.values());

      console.log(`\n## Replication lag (sydney mirror, polled every ${POLL_MS} ms)\n`);
      console.log('| measurement | p50 | p99 | max |');
      console.log('|---|---:|---:|---:|');
      console.log(`| ${SEQUENTIAL_CHANGES} sequential store changes: commit on us-central → served by the sydney server | ${ms(percentile(visible, 0.5))} | ${ms(percentile(visible, 0.99))} | ${ms(Math.max(...visible))} |`);
      console.log(`| burst of ${BURST} product updates (${BURST_CLIENTS} clients): each commit → on the mirror | ${ms(percentile(burstLags, 0.5))} | ${ms(percentile(burstLags, 0.99))} | ${ms(Math.max(...burstLags))} |`);
      console.log(
        `\nBurst: ${BURST} updates committed in ${ms(burstCommitted - burstStarted)} (${Math.round(BURST / ((burstCommitted - burstStarted) / 1000))}/s); ` +
          `all on the mirror ${ms(allOnMirror - burstStarted)} after the first; ${seenAt.size}/${BURST} arrived.`,
      );
      return { title: 'Storefront from each region’s server (pages come from memory in both after the first fill), vs nginx sending the same bytes', rows };
    } finally {
      await sydney.stop();
      await us.stop();
      await primary.end();
      await mirror.end();
      await databases.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

async function waitFor(check: () => Promise<boolean>, timeoutMs: number, everyMs = 50): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await sleep(everyMs);
  }
}
