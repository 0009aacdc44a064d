import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { users } from '#src/db/schema/index.ts';
import { captureLogs, type LogCapture } from '../log-capture.ts';
import { createTestApp, type TestApp } from '../test-app.ts';
import { TEST_PUBLIC_URL, testEnv } from '../test-env.ts';
import { startLocalOidcProvider, type LocalOidcProvider } from './local-oidc-provider.ts';
import { OAuthBrowser } from './oauth-browser.ts';
import { callFunction, WEB_APP } from '../call-function.ts';

export const OIDC_LABEL = 'Test SSO';

export interface OAuthTestApp {
  readonly t: TestApp;
  readonly idp: LocalOidcProvider;
  readonly logs: LogCapture;
  /** Our clock runs on the real one (the provider signs with it) plus this offset. */
  setClockOffset(ms: number): void;
  /** start → provider login and consent → the callback path the provider sends the browser to. */
  startAndLogIn(browser: OAuthBrowser, login: string, query?: string): Promise<string>;
  signInWith(login: string, query?: string): ReturnType<typeof signInWith>;
  currentUserEmail(browser: OAuthBrowser): Promise<string | null>;
  userByEmail(email: string): Promise<typeof users.$inferSelect | undefined>;
}

async function signInWith(fixture: OAuthTestApp, login: string, query?: string) {
  const browser = new OAuthBrowser(fixture.t.app);
  const callback = await fixture.startAndLogIn(browser, login, query);
  const response = await browser.getApp(callback);
  return { browser, callback, response };
}

/**
 * One test file's app on its own database, with a real OpenID Connect provider on loopback and
 * GitHub and X (Twitter) enabled (their hosts are stood in by tests that need them).
 */
export function useOAuthTestApp(): OAuthTestApp {
  let t: TestApp | undefined;
  let idp: LocalOidcProvider | undefined;
  let logs: LogCapture | undefined;
  let clockOffsetMs = 0;
  const need = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the OAuth test app is not started yet');
    return value;
  };

  beforeAll(async () => {
    idp = await startLocalOidcProvider({ redirectUris: [`${TEST_PUBLIC_URL}/auth/oauth/oidc/callback`] });
    logs = captureLogs('info');
    t = await createTestApp({
      env: testEnv({
        OIDC_ISSUER: idp.issuer,
        OIDC_CLIENT_ID: idp.clientId,
        OIDC_CLIENT_SECRET: idp.clientSecret,
        OIDC_LABEL,
        GITHUB_CLIENT_ID: 'gh-client',
        GITHUB_CLIENT_SECRET: 'gh-secret',
        TWITTER_CLIENT_ID: 'tw-client',
        TWITTER_CLIENT_SECRET: 'tw-secret',
      }),
      now: () => new Date(Date.now() + clockOffsetMs),
      logger: logs.logger,
    });
  });

  afterAll(async () => {
    await t?.close();
    await idp?.close();
  });

  beforeEach(() => {
    clockOffsetMs = 0;
    if (idp) idp.rewriteIdToken = null;
  });

  const fixture: OAuthTestApp = {
    get t() {
      return need(t);
    },
    get idp() {
      return need(idp);
    },
    get logs() {
      return need(logs);
    },
    setClockOffset: (ms) => void (clockOffsetMs = ms),
    async startAndLogIn(browser, login, query = 'origin=/dashboard/products') {
      const start = await browser.getApp(`/auth/oauth/oidc/start?${query}`);
      expect(start.statusCode).toBe(302);
      return browser.throughProvider(start.headers.location as string, { login });
    },
    signInWith: (login, query) => signInWith(fixture, login, query),
    async currentUserEmail(browser) {
      const response = await callFunction(need(t).app, 'getCurrentUser', null, { as: WEB_APP, headers: { cookie: browser.app.header() } });
      return (response.json() as { result: { email: string } | null }).result?.email ?? null;
    },
    async userByEmail(email) {
      const [row] = await need(t).db.select().from(users).where(eq(users.email, email));
      return row;
    },
  };
  return fixture;
}

/** A 302 to one of our pages, as path and query parameters. */
export function loginRedirect(response: { statusCode: number; headers: Record<string, unknown> }) {
  expect(response.statusCode).toBe(302);
  const url = new URL(response.headers.location as string, TEST_PUBLIC_URL);
  return { path: url.pathname, params: Object.fromEntries(url.searchParams) };
}
