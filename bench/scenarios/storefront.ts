import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { cpuPerRequest, workerOf } from '../lib/cpu.ts';
import { connectionStringOf, rssMb } from '../lib/database.ts';
import { ensureNginx, stopChild } from '../lib/nginx.ts';
import { rawReply, startNodeCeiling } from '../lib/node-ceiling.ts';
import { startServer } from '../lib/server.ts';
import type { Target } from '../lib/measure.ts';
import { printTable, type Row } from '../lib/report.ts';
import { freePort, waitForHttp } from '../lib/wait.ts';
import type { Scenario } from './types.ts';

/**
 * The published storefront against nginx serving the same bytes, in one run —
 * `GET /{slug}` (HTML, gzip like browsers and identity), the storefront JSON (`GET /api/storefront`
 * and the `getStorefront` callable) — plus the first uncached hit after a publish and the server's
 * RSS with 10,000 stores in its cache. Runs its own server so it can seed through SQL and read
 * /proc/<pid>/status.
 */
export const SLUG = 'bench-store';
const SEEDED_STORES = 10_000;
const UNCACHED_SAMPLES = 25;
const GZIP = { 'accept-encoding': 'gzip' };
const CEILING = 'node:http ceiling, same bytes and headers';
/** A rate both can sustain on 2 cores, so each answers every request and only the CPU per answer differs. */
const CPU_RUN = { rate: 5_000, seconds: 5, runs: Number(process.env.BENCH_RUNS ?? 3) };

const links = Array.from({ length: 10 }, (_, i) => ({
  id: `link-${i + 1}`,
  title: ['New merch drop', 'Latest video', 'Free guide', 'Podcast', 'Newsletter', 'Tour dates', 'Discord', 'Presets', 'Coaching', 'Say hi'][i],
  url: `https://example.com/link-${i + 1}`,
  ...(i % 3 === 0 ? { description: 'A short line about this link, like creators write.' } : {}),
}));
const socialLinks = ['instagram', 'tiktok', 'youtube', 'x', 'spotify'].map((platform) => ({ platform, url: `https://example.com/${platform}` }));

const PRODUCT_SLUG = 'product-1';

/** 20 published products like a creator's: covers, prices, free lead magnets and a couple of links. */
async function seedProducts(db: pg.Client, storeId: string): Promise<void> {
  await db.query(
    `insert into products (id, store_id, slug, type, title, subtitle, description_html, cover_image_url, price_mode,
                           price_cents, min_price_cents, compare_at_cents, currency, cta_label, external_url, status)
     select 'bench_prod_' || n, $1, 'product-' || n,
            case when n % 7 = 0 then 'link' when n % 5 = 0 then 'lead-magnet' else 'digital' end,
            'Product number ' || n || ' — lo-fi drum kit', 'Forty punchy one-shots and loops, ready to drop into any DAW.',
            '<p>Everything you need for <strong>lo-fi</strong> beats.</p><ul><li>40 one-shots</li><li>12 loops</li></ul>',
            null,
            case when n % 7 = 0 then 'free' when n % 5 = 0 then 'free' when n % 3 = 0 then 'pay-what-you-want' else 'fixed' end,
            case when n % 7 = 0 or n % 5 = 0 then 0 else 900 + n * 100 end, case when n % 3 = 0 then 500 else 0 end,
            case when n % 4 = 0 then 4900 else null end, 'USD',
            case when n % 7 = 0 then 'Visit' when n % 5 = 0 then 'Get it free' else 'Buy now' end,
            case when n % 7 = 0 then 'https://example.com/affiliate-' || n else null end, 'published'
     from generate_series(1, 20) as n`,
    [storeId],
  );
}

export async function seed(db: pg.Client): Promise<{ storeId: string }> {
  await db.query(`insert into users (id, email, email_verified) values ('bench_creator', 'bench@example.com', true) on conflict do nothing`);
  const profile = [JSON.stringify(links), JSON.stringify(socialLinks)];
  await db.query(
    `insert into stores (id, slug, name, description, creator_id, theme, links, social_links, published_at)
     values ('bench_store', $1, 'Bench Beats Studio', 'Beats, presets and sample packs for bedroom producers. New drops every Friday.',
             'bench_creator', 'neon-pulse', $2::jsonb, $3::jsonb, now())`,
    [SLUG, ...profile],
  );
  await seedProducts(db, 'bench_store');
  await seedWebsite(db, 'bench_store');
  return { storeId: 'bench_store' };
}

/** A published website home page: header, hero, the product grid, FAQ, email signup, footer. */
async function seedWebsite(db: pg.Client, storeId: string): Promise<void> {
  const content = {
    root: { props: {} },
    content: [
      { type: 'SiteHeader', props: { id: 'header', showStoreName: true, ctaLabel: 'Shop', ctaHref: `/${SLUG}` } },
      { type: 'Hero', props: { id: 'hero', heading: 'Beats for bedroom producers', subheading: 'Drum kits, presets and sample packs.\nNew drops every Friday.', align: 'center', ctaLabel: 'Browse the kits', ctaHref: `/${SLUG}` } },
      { type: 'ProductGrid', props: { id: 'grid', heading: 'Latest drops', productIds: [], columns: 3 } },
      { type: 'Faq', props: { id: 'faq', heading: 'Questions', items: [{ question: 'Royalty free?', answer: 'Yes, for any release.' }, { question: 'Which DAWs?', answer: 'Any: WAV files.' }] } },
      { type: 'EmailSignup', props: { id: 'signup', heading: 'Get Friday drops first', buttonLabel: 'Subscribe', consentLabel: 'Email me new drops and offers' } },
      { type: 'SiteFooter', props: { id: 'footer', showNavigation: true } },
    ],
  };
  await db.query(
    `insert into website_pages (id, store_id, slug, title, position, published_content, published_at)
     values ('page_benchhome00000000000', $1, 'home', 'Home', 0, $2::jsonb, now()),
            ('page_benchabout0000000000', $1, 'about', 'About', 1, $3::jsonb, now())`,
    [storeId, JSON.stringify(content), JSON.stringify({ root: { props: {} }, content: content.content.slice(0, 2) })],
  );
}

async function seedMany(db: pg.Client): Promise<void> {
  await db.query(
    `insert into stores (id, slug, name, description, creator_id, theme, links, social_links, published_at)
     select 'bulk_' || n, 'bulk-store-' || n, 'Bulk Store ' || n, 'Creator number ' || n || ' sells presets, guides and merch.',
            'bench_creator', case when n % 2 = 0 then 'neon-pulse' else 'mocha-mood' end, $1::jsonb, $2::jsonb, now()
     from generate_series(1, $3::int) as n`,
    [JSON.stringify(links), JSON.stringify(socialLinks), SEEDED_STORES],
  );
}

async function fetchAll(urls: string[], concurrency: number, headers: Record<string, string>): Promise<number> {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < urls.length) {
        const response = await fetch(urls[next++]!, { headers });
        if (!response.ok) failures += 1;
        await response.arrayBuffer();
      }
    }),
  );
  return failures;
}

/** Publishes a change (what publishStoreDraft commits: new columns, version bump, NOTIFY) and times the first request that misses the cache. */
async function firstUncachedHits(db: pg.Client, url: string, storeId: string): Promise<{ ms: number[]; cachedMs: number[] }> {
  const ms: number[] = [];
  const cachedMs: number[] = [];
  for (let i = 0; i < UNCACHED_SAMPLES; i++) {
    await db.query('begin');
    await db.query(`update stores set description = $1, version = version + 1, updated_at = now() where id = $2`, [`Publish number ${i}.`, storeId]);
    await db.query(`select pg_notify('storefront_changed', $1)`, [storeId]);
    await db.query('commit');
    for (let attempt = 0; attempt < 50; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, 20)); // let the NOTIFY reach the server
      const started = performance.now();
      const response = await fetch(url, { headers: GZIP });
      await response.arrayBuffer();
      const elapsed = performance.now() - started;
      if (response.headers.get('x-storefront-cache') === 'miss') {
        ms.push(elapsed);
        const again = performance.now();
        await (await fetch(url, { headers: GZIP })).arrayBuffer();
        cachedMs.push(performance.now() - again);
        break;
      }
    }
  }
  return { ms, cachedMs };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
};

export const storefront: Scenario = {
  name: 'storefront',
  async run({ nginx, measure }) {
    const server = await startServer();
    const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
    await db.connect();
    try {
      const { storeId } = await seed(db);
      const page = `${server.url}/${SLUG}`;
      const websitePage = `${server.url}/${SLUG}/website`;
      const productPage = `${server.url}/${SLUG}/p/${PRODUCT_SLUG}`;
      const json = `${server.url}/api/storefront?slug=${SLUG}`;
      const callBody = JSON.stringify({ data: { slug: SLUG } });
      const callable = { url: `${server.url}/fn/getStorefront`, method: 'POST' as const, headers: { 'content-type': 'application/json' }, body: callBody };

      const bytes = async (url: string, headers: Record<string, string> = {}, init: RequestInit = {}) => {
        const response = await fetch(url, { ...init, headers: { ...headers, ...(init.headers as Record<string, string>) } });
        if (!response.ok) throw new Error(`${url} answered ${response.status}`);
        return Buffer.from(await response.arrayBuffer());
      };
      const raw = (url: string) => rawReply(url, GZIP);
      const gzBytes = async (url: string) => (await raw(url)).body;
      const html = await bytes(page);
      const htmlGz = await gzBytes(page);
      const productHtmlGz = await gzBytes(productPage);
      const websiteHtmlGz = await gzBytes(websitePage);
      const jsonBody = await bytes(json);
      const jsonGz = await gzBytes(json);
      const callReply = await bytes(callable.url, {}, { method: 'POST', headers: callable.headers, body: callBody });

      const ref = await nginx([
        { path: '/store.html', body: html, contentType: 'text/html' },
        { path: '/store.html.gz.bin', body: htmlGz, contentType: 'text/html' },
        { path: '/product.html.gz.bin', body: productHtmlGz, contentType: 'text/html' },
        { path: '/website.html.gz.bin', body: websiteHtmlGz, contentType: 'text/html' },
        { path: '/store.json', body: jsonBody, contentType: 'application/json' },
        { path: '/store.json.gz.bin', body: jsonGz, contentType: 'application/json' },
        { path: '/callable.json', body: callReply, contentType: 'application/json' },
      ]);
      const pairs: [Target, string | null][] = [
        [{ label: 'GET /{slug} HTML, gzip', url: page, headers: GZIP }, ref && `${ref.url}/store.html.gz.bin`],
        [{ label: 'GET /{slug} HTML, identity', url: page }, ref && `${ref.url}/store.html`],
        [{ label: 'GET /{slug}/p/{product} HTML, gzip', url: productPage, headers: GZIP }, ref && `${ref.url}/product.html.gz.bin`],
        [{ label: 'GET /{slug}/website HTML, gzip', url: websitePage, headers: GZIP }, ref && `${ref.url}/website.html.gz.bin`],
        [{ label: 'GET /api/storefront JSON, gzip', url: json, headers: GZIP }, ref && `${ref.url}/store.json.gz.bin`],
        [{ label: 'GET /api/storefront JSON, identity', url: json }, ref && `${ref.url}/store.json`],
        [{ label: 'POST /fn/getStorefront (callable)', ...callable }, ref && `${ref.url}/callable.json`],
      ];
      // A second reference: nginx sending our response headers too (CSP and the other security
      // headers are ~1 KB a response, which the load generator has to parse as well).
      const sameHeaders = await startNginxWithHeaders([
        { path: '/store.html.gz.bin', ...(await raw(page)) },
        { path: '/store.json.gz.bin', ...(await raw(json)) },
      ]);
      const fair: [string, string][] = sameHeaders
        ? [
            ['GET /{slug} HTML, gzip', `${sameHeaders.url}/store.html.gz.bin`],
            ['GET /api/storefront JSON, gzip', `${sameHeaders.url}/store.json.gz.bin`],
          ]
        : [];
      // The ceiling for any Node server: node:http sending the same bytes and headers, nothing else.
      const pageReply = await raw(page);
      const ceiling = await startNodeCeiling(pageReply.body, pageReply.headers);
      const targets = [
        ...pairs.flatMap(([target, nginxUrl]) => [target, ...(nginxUrl ? [{ label: `nginx ${target.label}`, url: nginxUrl }] : [])]),
        ...fair.map(([label, url]) => ({ label: `nginx+headers ${label}`, url })),
        { label: CEILING, url: `${ceiling.url}/`, headers: GZIP },
      ];
      const samples = await measure(targets);
      const cpu = ref
        ? await cpuPerRequest(
            [
              { label: 'server', url: page, pid: server.pid!, headers: GZIP },
              { label: 'nginx', url: `${ref.url}/store.html.gz.bin`, pid: workerOf(ref.pid) },
              { label: 'ceiling', url: `${ceiling.url}/`, pid: ceiling.pid, headers: GZIP },
            ],
            CPU_RUN,
          )
        : null;
      await ref?.stop();
      await sameHeaders?.stop();
      await ceiling.stop();
      const nginxPage = samples.get('nginx GET /{slug} HTML, gzip') ?? null;
      printTable('Storefront page against the Node ceiling (node:http sending the same bytes and headers from memory, no app)', [
        { label: 'GET /{slug} HTML, gzip: server vs the Node ceiling', sample: samples.get('GET /{slug} HTML, gzip')!, reference: samples.get(CEILING)! },
        { label: 'the Node ceiling vs bare nginx', sample: samples.get(CEILING)!, reference: nginxPage },
      ]);
      const rows: Row[] = pairs.map(([target]) => ({
        label: target.label,
        sample: samples.get(target.label)!,
        reference: samples.get(`nginx ${target.label}`) ?? null,
      }));

      if (fair.length > 0) {
        printTable(
          'Storefront vs nginx sending the same bytes AND the same response headers (security headers, ETag, Vary…)',
          fair.map(([label]) => ({ label, sample: samples.get(label)!, reference: samples.get(`nginx+headers ${label}`) ?? null })),
        );
      }
      const uncached = await firstUncachedHits(db, page, storeId);
      const rssOneStore = rssMb(server.pid!);
      await seedMany(db);
      const urls = Array.from({ length: SEEDED_STORES }, (_, i) => `${server.url}/bulk-store-${i + 1}`);
      const fillStarted = performance.now();
      const failures = await fetchAll(urls, 20, GZIP);
      const fillSeconds = (performance.now() - fillStarted) / 1000;
      const rssFilled = rssMb(server.pid!);
      await fetchAll(urls.map((u) => u.replace(/\/bulk-store-(\d+)$/, '/api/storefront?slug=bulk-store-$1')), 20, GZIP);
      const rssWithJson = rssMb(server.pid!);
      const hitAgain = await fetch(urls[0]!, { headers: GZIP });

      console.log(
        [
          '',
          `Storefront page: ${html.length} B HTML, ${htmlGz.length} B gzip; JSON ${jsonBody.length} B, ${jsonGz.length} B gzip; 10 links, ` +
            `20 products; product page ${productHtmlGz.length} B gzip; website home page ${websiteHtmlGz.length} B gzip and no script.`,
          'nginx serves the gzip bytes as a static file (same bytes on the wire, without the Content-Encoding header).',
          cpu
            ? `CPU per GET /{slug} (gzip) at a fixed ${CPU_RUN.rate} req/s, user + system, median of ${CPU_RUN.runs}: ` +
              `server ${cpu.get('server')!.toFixed(1)} µs, the Node ceiling ${cpu.get('ceiling')!.toFixed(1)} µs, ` +
              `nginx worker ${cpu.get('nginx')!.toFixed(1)} µs (nginx/server ${(cpu.get('nginx')! / cpu.get('server')!).toFixed(2)}).`
            : 'CPU per request: skipped (no nginx).',
          `First uncached hit after a publish (${uncached.ms.length} publishes): median ${percentile(uncached.ms, 50).toFixed(2)} ms, ` +
            `p95 ${percentile(uncached.ms, 95).toFixed(2)} ms, max ${Math.max(...uncached.ms).toFixed(2)} ms ` +
            `(the next, cached request: median ${percentile(uncached.cachedMs, 50).toFixed(2)} ms; single requests over loopback from the bench process).`,
          `Server RSS: ${rssOneStore} MB with 1 store cached; ${rssFilled} MB after ${SEEDED_STORES} stores' pages were rendered and cached ` +
            `(${(SEEDED_STORES / fillSeconds).toFixed(0)} uncached pages/s at 20 connections, ${failures} failures); ` +
            `${rssWithJson} MB with their JSON cached too. The first of them was still in memory: ${hitAgain.headers.get('x-storefront-cache') === 'miss' ? 'no (a miss)' : 'yes'}.`,
        ].join('\n'),
      );
      return { title: `Storefront (GET /${SLUG}, ${html.length} B HTML / ${htmlGz.length} B gzip)`, rows };
    } finally {
      await db.end();
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  },
};

/** nginx (one worker, like the harness's) serving files with the given response headers added. */
async function startNginxWithHeaders(files: { path: string; body: Buffer; headers: Record<string, string> }[]) {
  const binary = ensureNginx();
  if (!binary) return null;
  const dir = mkdtempSync(join(tmpdir(), 'shopfront-bench-nginx-headers-'));
  mkdirSync(join(dir, 'www'));
  mkdirSync(join(dir, 'logs'));
  // Started as root, nginx's worker runs as `nobody`: mkdtemp's 0700 would make every answer 403.
  for (const path of [dir, join(dir, 'www')]) chmodSync(path, 0o755);
  const skip = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type', 'transfer-encoding', 'x-storefront-cache']);
  const locations = files.map((file) => {
    writeFileSync(join(dir, 'www', file.path.slice(1)), file.body);
    const adds = Object.entries(file.headers)
      .filter(([name]) => !skip.has(name))
      .map(([name, value]) => `add_header ${name} "${String(value).replace(/"/g, '\\"')}" always;`);
    return `location = ${file.path} { default_type "${file.headers['content-type'] ?? 'text/html'}"; ${adds.join(' ')} }`;
  });
  const port = await freePort();
  writeFileSync(
    join(dir, 'nginx.conf'),
    `worker_processes 1; daemon off; pid ${join(dir, 'nginx.pid')}; error_log ${join(dir, 'logs/error.log')} warn;
events { worker_connections 4096; }
http { access_log off; types {} sendfile on; tcp_nopush on; keepalive_requests 100000;
  server { listen 127.0.0.1:${port}; root ${join(dir, 'www')}; ${locations.join(' ')} } }`,
  );
  const child = spawn(binary, ['-c', join(dir, 'nginx.conf'), '-p', dir], { stdio: 'ignore' });
  await waitForHttp(`http://127.0.0.1:${port}${files[0]!.path}`, 10_000);
  const check = await fetch(`http://127.0.0.1:${port}${files[0]!.path}`);
  await check.arrayBuffer();
  if (!check.ok) {
    await stopChild(child);
    throw new Error(`nginx (with headers) answered ${check.status}: see ${join(dir, 'logs/error.log')}`);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop: async () => {
      await stopChild(child);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
