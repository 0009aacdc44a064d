import { defineConfig, devices } from '@playwright/test';
import { E2E_HOSTS, E2E_PORT } from './e2e/support/hosts.ts';
import { E2E_REGION_URLS } from './e2e/support/regions.ts';

/**
 * Journeys against the BUILT server (`apps/server/dist/main.js`) serving the built web app, in
 * Debian's Chromium (never `npx playwright install`). Hosts of custom and bio domains resolve to
 * 127.0.0.1 through Chromium's host-resolver rules, so the app sees a real `Host` header. The
 * server's own DNS look-ups (custom-domain TXT checks) go to a DNS stand-in that
 * e2e/support/start-server.mjs starts beside it (DNS_SERVERS); tests publish records through
 * e2e/support/dns.ts.
 * Build first: `npm run build -w apps/web && npm run build -w apps/server`.
 */
const hostRules = [
  `*.${E2E_HOSTS.productDomain}`,
  E2E_HOSTS.customDomain,
  `www.${E2E_HOSTS.customDomain}`,
  E2E_HOSTS.unknownDomain,
  `*.${E2E_HOSTS.bioParent}`,
  `*.${E2E_HOSTS.verifiedParent}`,
]
  .map((host) => `MAP ${host} 127.0.0.1`)
  .join(', ');

/**
 * Every spec shares one server and one database, so two workers run the journeys side by side,
 * except where one spec changes what the whole platform does and another reads it:
 * - PLATFORM_SPECS switch feature flags (customDomains, websiteBuilder, advancedAnalytics) that
 *   no journey reads, or write or read the newest rows of the admin audit log (each switch, and
 *   the CLI's plan and reset-2fa, writes one): they run one at a time, beside the journeys. Their
 *   project comes first, so they start at once rather than trail at the end.
 * - maintenance-flags.spec.ts switches maintenance on and closes signups, each of which refuses
 *   every signup: it takes Playwright's `-exclusive-` lock and runs when nothing else does.
 */
const PLATFORM_SPECS = [
  'admin/admin-users.spec.ts',
  'automations/signup-form-trigger.spec.ts',
  'analytics/analytics.spec.ts',
  'dashboard/identity-mfa-recovery.spec.ts',
  'dashboard/store-builder.spec.ts',
  'website/website-builder.spec.ts',
  'website/website-blocks-screens.spec.ts',
];
const chromium = { ...devices['Desktop Chrome'], channel: undefined };
const projects = process.env.SHOPFRONT_RED_TEST
  ? [{ name: 'chromium', use: chromium }]
  : [
      { name: 'platform', testMatch: PLATFORM_SPECS, workers: 1, use: chromium },
      { name: 'journeys', testIgnore: PLATFORM_SPECS, use: chromium },
    ];

export default defineConfig({
  testDir: './e2e',
  // SHOPFRONT_RED_TEST: scripts/red-tests.mjs runs only the red fixture (docs/testing.md).
  testMatch: process.env.SHOPFRONT_RED_TEST ? 'red-tests/fails.red-test.ts' : '**/*.spec.ts',
  outputDir: './e2e/.artifacts/test-results',
  fullyParallel: false,
  workers: 2,
  // A flaky test is a bug to fix, never retried into passing.
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['html', { outputFolder: './e2e/.artifacts/report', open: 'never' }]],
  use: {
    baseURL: `http://localhost:${E2E_PORT}`,
    // The trace of a failure keeps its DOM snapshots, network and console, without the screencast:
    // recorded for every test (it is dropped when the test passes), the screencast cost a third of
    // the suite's CPU, mostly in Chromium's GPU process. The failure's screenshot is still taken.
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=${hostRules}`,
      ],
    },
  },
  projects,
  webServer: {
    command: 'node e2e/support/start-server.mjs',
    url: `http://127.0.0.1:${E2E_PORT}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    env: {
      NODE_ENV: 'test',
      PORT: String(E2E_PORT),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://localhost:${E2E_PORT}`,
      PRODUCT_HOSTS: 'localhost,127.0.0.1',
      LOG_LEVEL: 'warn',
      // Every browser of every worker calls from 127.0.0.1: the per-address checkout limit would bite.
      CHECKOUT_LIMIT_PER_IP_PER_MINUTE: '1000',
      // The same for the analytics beacon (60 events a minute per address by default).
      ANALYTICS_LIMIT_PER_IP_PER_MINUTE: '100000',
      // Two regions: e2e/regions starts the sydney server on E2E_PORT + 2 (e2e/support/regions.ts).
      REGION_URLS: E2E_REGION_URLS,
    },
  },
});
