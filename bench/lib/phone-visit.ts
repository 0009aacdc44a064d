import { chromium, devices, type Browser } from '@playwright/test';

/**
 * A cold first visit on a throttled phone, in headless Chromium.
 * The network is Chrome DevTools' "Slow 4G" preset (front_end/core/sdk/NetworkManager.ts, the
 * Lighthouse mobile profile): 150 ms RTT × 3.75 = 562.5 ms added to every request, 1.6 Mbit/s × 0.9
 * down (180,000 B/s), 750 kbit/s × 0.9 up; the CPU is slowed 4×.
 */
export const SLOW_4G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 } as const;
export const CPU_SLOWDOWN = 4;
const PHONE = devices['Pixel 5'];
/** SPA pages may keep a poll open; a visit ends at network idle or after this long. */
const SETTLE_TIMEOUT_MS = 30_000;

export interface VisitTarget {
  label: string;
  url: string;
  /** Cookies for a signed-in visit (the context is still new: empty cache, nothing else stored). */
  cookies?: { name: string; value: string; url: string }[];
  /** The first screen is usable once an `h1` with this text is visible. */
  usableHeading?: string;
}

export interface VisitResult {
  /** Bytes on the wire (headers and encoded bodies), as DevTools' "transferred". */
  bytes: number;
  requests: number;
  fcpMs: number | null;
  lcpMs: number | null;
  usableMs: number | null;
}

interface PageVitals {
  fcp: number | null;
  lcp: number | null;
  usable: number | null;
}

/**
 * Runs in the page before any of its scripts: paint timings, and the frame after an `h1` with the
 * given text is laid out. A string, not a function: tsx's name helpers do not exist in the page.
 */
function observeVitals(usableHeading: string | null): string {
  return `(() => {
  const vitals = { fcp: null, lcp: null, usable: null };
  window.__firstVisit = vitals;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) if (entry.name === 'first-contentful-paint') vitals.fcp = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  new PerformanceObserver((list) => {
    const entries = list.getEntries();
    if (entries.length > 0) vitals.lcp = entries[entries.length - 1].startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const heading = ${JSON.stringify(usableHeading)};
  if (heading === null) return;
  new MutationObserver(() => {
    if (vitals.usable !== null) return;
    const found = [...document.querySelectorAll('h1')].some((h1) => h1.textContent.trim() === heading && h1.checkVisibility());
    if (found) requestAnimationFrame((time) => { if (vitals.usable === null) vitals.usable = time; });
  }).observe(document, { childList: true, subtree: true, characterData: true });
})();`;
}

/** Debian's Chromium with playwright.config.ts's launch flags (its host rules aside: the bench needs none). */
export async function launchPhoneBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

/** One cold visit: a new context (empty cache), throttled before the first request. */
export async function visitOnPhone(browser: Browser, target: VisitTarget): Promise<VisitResult> {
  const context = await browser.newContext({ ...PHONE });
  try {
    if (target.cookies) await context.addCookies(target.cookies);
    const page = await context.newPage();
    await page.addInitScript(observeVitals(target.usableHeading ?? null));
    const cdp = await context.newCDPSession(page);
    let bytes = 0;
    let requests = 0;
    cdp.on('Network.loadingFinished', (event) => {
      bytes += event.encodedDataLength;
      requests += 1;
    });
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    const response = await page.goto(target.url, { waitUntil: 'load', timeout: 120_000 });
    if (!response?.ok()) throw new Error(`${target.label}: ${target.url} answered ${response?.status()}`);
    await page.waitForLoadState('networkidle', { timeout: SETTLE_TIMEOUT_MS }).catch(() => undefined);
    if (target.usableHeading) {
      await page
        .waitForFunction(() => (window as unknown as { __firstVisit: PageVitals }).__firstVisit.usable !== null, undefined, { timeout: SETTLE_TIMEOUT_MS })
        .catch(async (error: unknown) => {
          const headings = await page.locator('h1').allTextContents();
          throw new Error(`${target.label}: no visible h1 "${target.usableHeading}" at ${page.url()} (h1: ${JSON.stringify(headings)})`, { cause: error });
        });
    }
    const vitals = await page.evaluate(() => (window as unknown as { __firstVisit: PageVitals }).__firstVisit);
    return { bytes, requests, fcpMs: vitals.fcp, lcpMs: vitals.lcp, usableMs: vitals.usable };
  } finally {
    await context.close();
  }
}
