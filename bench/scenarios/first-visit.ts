import { rm } from 'node:fs/promises';
import type { Browser } from '@playwright/test';
import pg from 'pg';
import { signUpCreator } from '../lib/creator.ts';
import { connectionStringOf } from '../lib/database.ts';
import { CPU_SLOWDOWN, launchPhoneBrowser, SLOW_4G, visitOnPhone, type VisitResult, type VisitTarget } from '../lib/phone-visit.ts';
import { callFunction, startServer } from '../lib/server.ts';
import { seed, SLUG } from './storefront.ts';
import type { Scenario } from './types.ts';

/**
 * What a first-time visitor on a phone waits for: a cold visit (new browser context, empty cache)
 * on Slow 4G with a 4× slower CPU, per page, `BENCH_RUNS` times (median). Bytes transferred, First
 * Contentful Paint and Largest Contentful Paint (PerformanceObserver in the page), and for the SPA
 * pages the moment the first screen's heading is visible. Goals: the storefront's LCP ≤ 1.5 s and
 * ≤ 110 KB transferred; `/dashboard` usable ≤ 3 s.
 */
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SESSION_COOKIE = 'sf_session';

interface PageRow {
  target: VisitTarget;
  goal: { lcpMs?: number; bytes?: number; usableMs?: number };
}

/** A creator with a store, signed in through the front door: the session cookie the browser gets. */
async function signedInCreatorCookie(server: { url: string; publicUrl: string }): Promise<string> {
  const email = `first-visit-${Date.now()}@example.com`;
  const password = 'bench-password-4821';
  await signUpCreator(server.url, server.publicUrl, email, password);
  const signedIn = await fetch(`${server.url}/fn/signInWithPassword`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.publicUrl },
    body: JSON.stringify({ data: { email, password } }),
  });
  await signedIn.arrayBuffer();
  const cookie = signedIn.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE}=`));
  const value = cookie?.slice(SESSION_COOKIE.length + 1).split(';')[0];
  if (!signedIn.ok || !value) throw new Error(`signInWithPassword answered ${signedIn.status} without a session cookie`);
  await callFunction(
    server.url,
    'createStoreWithTenant',
    { storeName: 'First Visit Studio', slug: `first-visit-${Date.now()}` },
    { origin: server.publicUrl, cookie: `${SESSION_COOKIE}=${value}` },
  );
  return value;
}

const median = (values: (number | null)[]): number | null => {
  const known = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (known.length === 0) return null;
  const middle = Math.floor(known.length / 2);
  return known.length % 2 === 1 ? known[middle]! : (known[middle - 1]! + known[middle]!) / 2;
};

const ms = (value: number | null) => (value === null ? 'n/a' : String(Math.round(value)));
const kb = (value: number | null) => (value === null ? 'n/a' : (value / 1024).toFixed(1));

function goalText(row: PageRow, result: { bytes: number | null; lcpMs: number | null; usableMs: number | null }): string {
  const checks: string[] = [];
  const { lcpMs, bytes, usableMs } = row.goal;
  if (lcpMs) checks.push(`LCP ≤ ${lcpMs / 1000} s ${result.lcpMs !== null && result.lcpMs <= lcpMs ? 'holds' : 'MISSED'}`);
  if (bytes) checks.push(`≤ ${bytes / 1024} KB ${result.bytes !== null && result.bytes <= bytes ? 'holds' : 'MISSED'}`);
  if (usableMs) checks.push(`usable ≤ ${usableMs / 1000} s ${result.usableMs !== null && result.usableMs <= usableMs ? 'holds' : 'MISSED'}`);
  return checks.join('; ') || '–';
}

async function measurePages(browser: Browser, rows: PageRow[]): Promise<Map<string, VisitResult[]>> {
  const results = new Map<string, VisitResult[]>(rows.map((row) => [row.target.label, []]));
  // Interleaved, so a noisy neighbour slows every page alike.
  for (let run = 0; run < RUNS; run++) {
    for (const row of rows) results.get(row.target.label)!.push(await visitOnPhone(browser, row.target));
  }
  return results;
}

export const firstVisit: Scenario = {
  name: 'first-visit',
  async run() {
    const server = await startServer();
    const db = new pg.Client({ connectionString: connectionStringOf(server.dataDir) });
    await db.connect();
    let browser: Browser | null = null;
    try {
      await seed(db);
      const session = await signedInCreatorCookie(server);
      const base = server.publicUrl;
      const rows: PageRow[] = [
        { target: { label: `storefront GET /${SLUG}`, url: `${base}/${SLUG}` }, goal: { lcpMs: 1500, bytes: 110 * 1024 } },
        { target: { label: `product page GET /${SLUG}/p/product-1`, url: `${base}/${SLUG}/p/product-1` }, goal: {} },
        { target: { label: `website page GET /${SLUG}/website`, url: `${base}/${SLUG}/website` }, goal: {} },
        { target: { label: `members login GET /${SLUG}/members/login`, url: `${base}/${SLUG}/members/login`, usableHeading: 'Sign in' }, goal: {} },
        {
          target: { label: 'GET /dashboard (signed in)', url: `${base}/dashboard`, usableHeading: 'Overview', cookies: [{ name: SESSION_COOKIE, value: session, url: base }] },
          goal: { usableMs: 3000 },
        },
      ];
      browser = await launchPhoneBrowser();
      const results = await measurePages(browser, rows);
      console.log(
        `\n## First visit on a phone (cold cache; Chrome DevTools "Slow 4G": ${SLOW_4G.latency} ms added per request, ` +
          `${(SLOW_4G.downloadThroughput * 8) / 1000} kbit/s down, ${(SLOW_4G.uploadThroughput * 8) / 1000} kbit/s up; CPU ${CPU_SLOWDOWN}× slower; ` +
          `Pixel 5 viewport; median of ${RUNS})\n`,
      );
      console.log('| page | transferred KB | requests | FCP ms | LCP ms | first screen usable ms | goals |');
      console.log('|---|---:|---:|---:|---:|---:|---|');
      for (const row of rows) {
        const visits = results.get(row.target.label)!;
        const summary = {
          bytes: median(visits.map((visit) => visit.bytes)),
          lcpMs: median(visits.map((visit) => visit.lcpMs)),
          usableMs: median(visits.map((visit) => visit.usableMs)),
        };
        const requests = median(visits.map((visit) => visit.requests));
        const fcp = median(visits.map((visit) => visit.fcpMs));
        const usable = row.target.usableHeading ? ms(summary.usableMs) : '–';
        console.log(`| ${row.target.label} | ${kb(summary.bytes)} | ${requests} | ${ms(fcp)} | ${ms(summary.lcpMs)} | ${usable} | ${goalText(row, summary)} |`);
      }
      return { title: 'First visit on a phone: the table above, no throughput rows', rows: [] };
    } finally {
      await browser?.close();
      await db.end();
      await server.stop();
      await rm(server.dataDir, { recursive: true, force: true });
    }
  },
};
