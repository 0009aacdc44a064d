import { and, eq } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminConfig, ADMIN_CONFIG_ID, authTokens, mfaFactors, oauthAccounts, sessions } from '#src/db/schema/index.ts';
import { OAUTH_MESSAGES } from '#src/identity/oauth/oauth-errors.ts';
import { OAUTH_STATE_TTL_MS } from '#src/identity/oauth/oauth-state.ts';
import { POPUP_CSP, POPUP_SCRIPT_HASH } from '#src/identity/oauth/popup-page.ts';
import { OAuthBrowser } from '#src/testing/oauth/oauth-browser.ts';
import { loginRedirect, OIDC_LABEL, useOAuthTestApp } from '#src/testing/oauth/oauth-test-app.ts';
import { startProviderStandIn, type ProviderStandIn } from '#src/testing/oauth/provider-stand-in.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { OAUTH_STARTS_PER_IP } from './oauth-routes.ts';
import { createCreator } from '#src/testing/creators.ts';

// How OAuth sign-ins end: who may get in, where the browser goes, popup mode, social providers.
const f = useOAuthTestApp();

describe('who may sign in', () => {
  it('refuses an email the provider has not verified', async () => {
    const { response, browser } = await f.signInWith('unverified-olga');
    expect(loginRedirect(response).params.message).toBe(OAUTH_MESSAGES.emailUnverified(OIDC_LABEL));
    expect(browser.app.get('sf_session')).toBeUndefined();
    expect(await f.userByEmail('unverified-olga@idp.example.com')).toBeUndefined();
  });

  it('refuses a disabled account', async () => {
    await createCreator(f.t, { email: 'pete@idp.example.com', isActive: false });
    const { response, browser } = await f.signInWith('pete');
    expect(loginRedirect(response).params.message).toBe('This account has been disabled.');
    expect(browser.app.get('sf_session')).toBeUndefined();
  });

  it('refuses new users while signups are closed, but lets linked users in', async () => {
    await f.signInWith('quinn');
    await f.t.db
      .insert(adminConfig)
      .values({ id: ADMIN_CONFIG_ID, maintenanceMode: true, allowSignups: false, maintenanceMessage: 'Back soon' })
      .onConflictDoUpdate({ target: adminConfig.id, set: { maintenanceMode: true, allowSignups: false } });
    try {
      const blocked = await f.signInWith('rita');
      expect(loginRedirect(blocked.response).params.message).toBe(OAUTH_MESSAGES.signupsClosed);
      expect(await f.userByEmail('rita@idp.example.com')).toBeUndefined();
      const existing = await f.signInWith('quinn');
      expect(loginRedirect(existing.response).path).toBe('/dashboard/products');
      expect(await f.currentUserEmail(existing.browser)).toBe('quinn@idp.example.com');
    } finally {
      await f.t.db.delete(adminConfig).where(eq(adminConfig.id, ADMIN_CONFIG_ID));
    }
  });

  it('sends a creator with TOTP to the multi-factor step without a session', async () => {
    const userId = await createCreator(f.t, { email: 'sam@idp.example.com' });
    await f.t.db.insert(mfaFactors).values({ userId, secret: 'not-used-here', enabledAt: new Date() });
    const { response, browser } = await f.signInWith('sam');
    const { path, params } = loginRedirect(response);
    expect(path).toBe('/login');
    expect(params).toEqual({ mfa: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), origin: '/dashboard/products' });
    expect(browser.app.get('sf_session')).toBeUndefined();
    expect(await f.t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(0);
    const mfaRows = await f.t.db.select().from(authTokens).where(and(eq(authTokens.kind, 'mfa'), eq(authTokens.userId, userId)));
    expect(mfaRows).toHaveLength(1);
  });
});

describe('where the browser ends up', () => {
  it.each([
    ['//evil.example', 'origin=%2F%2Fevil.example'],
    ['/\\evil.example', 'origin=%2F%5Cevil.example'],
    ['%2F%2Fevil.example', 'origin=%252F%252Fevil.example'],
    ['javascript:alert(1)', 'origin=javascript%3Aalert(1)'],
    ['https://evil.example/', 'origin=https%3A%2F%2Fevil.example%2F'],
  ])('ends on /dashboard for the origin %s', async (_origin, query) => {
    const { response } = await f.signInWith('tina', query);
    expect(response.headers.location).toBe('/dashboard');
  });

  it('ends on /dashboard when no origin was given', async () => {
    const { response } = await f.signInWith('tina', '');
    expect(response.headers.location).toBe('/dashboard');
  });

  it('shows a cancelled state when the person declines at the provider', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const start = await browser.getApp('/auth/oauth/oidc/start?origin=/dashboard/sales');
    const callback = await browser.throughProvider(start.headers.location as string, { login: 'uma', abort: true });
    expect(new URL(callback, TEST_PUBLIC_URL).searchParams.get('error')).toBe('access_denied');
    const response = await browser.getApp(callback);
    expect(loginRedirect(response)).toEqual({ path: '/login', params: { oauth: 'cancelled', origin: '/dashboard/sales' } });
    expect(browser.app.get('sf_session')).toBeUndefined();
  });

  it('caps starts per client address: the 60th goes to the provider, the 61st does not', async () => {
    // Our clock at the start of a fresh fixed window, so the 61 starts share one window.
    const { windowMs } = OAUTH_STARTS_PER_IP;
    f.setClockOffset(windowMs - (Date.now() % windowMs) + 1000);
    const start = () => f.t.app.inject({ method: 'GET', url: '/auth/oauth/oidc/start', remoteAddress: '203.0.113.61' });
    for (let i = 1; i < OAUTH_STARTS_PER_IP.limit; i += 1) expect((await start()).statusCode).toBe(302);
    const last = await start();
    expect(new URL(last.headers.location as string).origin).toBe(f.idp.issuer);
    const refused = await start();
    expect(loginRedirect(refused).params).toEqual({ oauth: 'error', message: 'Too many requests. Please wait before trying again.' });
    const other = await f.t.app.inject({ method: 'GET', url: '/auth/oauth/oidc/start', remoteAddress: '203.0.113.62' });
    expect(new URL(other.headers.location as string).origin).toBe(f.idp.issuer);
  });

  it('answers an unknown or disabled provider without leaving the site', async () => {
    const browser = new OAuthBrowser(f.t.app);
    for (const provider of ['google', 'myspace']) {
      const response = await browser.getApp(`/auth/oauth/${provider}/start?origin=/dashboard`);
      expect(loginRedirect(response)).toEqual({ path: '/login', params: { oauth: 'error', message: OAUTH_MESSAGES.unavailable } });
    }
  });
});

describe('popup mode', () => {
  function popupPayload(html: string) {
    const json = /<script type="application\/json" id="shopfront-oauth-result">(.*?)<\/script>/s.exec(html)?.[1];
    return JSON.parse(json ?? 'null') as { message: Record<string, unknown>; targetOrigin: string; fallbackUrl: string };
  }

  it('posts signed-in to the opener from a page whose only script is allowed by hash', async () => {
    const { response, browser } = await f.signInWith('vera', 'origin=/dashboard&mode=popup');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(response.headers['content-security-policy']).toBe(POPUP_CSP);
    expect(response.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    const inline = /<script>(.*?)<\/script>/s.exec(response.body)?.[1] ?? '';
    expect(`sha256-${createHash('sha256').update(inline).digest('base64')}`).toBe(POPUP_SCRIPT_HASH);
    expect(POPUP_CSP).toContain(`script-src '${POPUP_SCRIPT_HASH}'`);
    expect(popupPayload(response.body)).toEqual({
      message: { type: 'shopfront-oauth', status: 'signed-in' },
      targetOrigin: TEST_PUBLIC_URL,
      fallbackUrl: '/dashboard',
    });
    expect(await f.currentUserEmail(browser)).toBe('vera@idp.example.com');
  });

  it('posts cancelled when the person declines', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const start = await browser.getApp('/auth/oauth/oidc/start?mode=popup');
    const callback = await browser.throughProvider(start.headers.location as string, { login: 'walt', abort: true });
    const response = await browser.getApp(callback);
    expect(popupPayload(response.body).message).toEqual({ type: 'shopfront-oauth', status: 'cancelled' });
  });

  it('posts an error with a readable message, escaped for the page', async () => {
    const { response } = await f.signInWith('unverified-xena', 'mode=popup');
    const payload = popupPayload(response.body);
    expect(payload.message).toEqual({ type: 'shopfront-oauth', status: 'error', message: OAUTH_MESSAGES.emailUnverified(OIDC_LABEL) });
    expect(payload.fallbackUrl).toMatch(/^\/login\?oauth=error&message=/);
  });

  it('answers a popup as a popup even when its state is unusable', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const callback = await f.startAndLogIn(browser, 'yann', 'mode=popup');
    f.setClockOffset(OAUTH_STATE_TTL_MS);
    const response = await browser.getApp(callback);
    expect(popupPayload(response.body).message).toEqual({ type: 'shopfront-oauth', status: 'error', message: OAUTH_MESSAGES.state });
  });
});

describe('social providers through the routes (local stand-in for their fixed hosts)', () => {
  let standIn: ProviderStandIn;

  beforeAll(async () => {
    standIn = await startProviderStandIn(['github.com', 'api.github.com', 'api.twitter.com']);
    vi.stubGlobal('fetch', standIn.fetch);
  });

  afterAll(async () => {
    vi.unstubAllGlobals();
    await standIn.close();
  });

  async function startAt(browser: OAuthBrowser, provider: string, query = '') {
    const start = await browser.getApp(`/auth/oauth/${provider}/start?${query}`);
    expect(start.statusCode).toBe(302);
    return new URL(start.headers.location as string);
  }

  it('signs in with GitHub: github.com, code exchange, /user and /user/emails, session', async () => {
    standIn.on('POST github.com/login/oauth/access_token', { json: { access_token: 'gho_route', token_type: 'bearer' } });
    standIn.on('GET api.github.com/user', { json: { id: 31337, login: 'hacker', name: 'Ada Hacker' } });
    standIn.on('GET api.github.com/user/emails', { json: [{ email: 'ada@github.example.com', primary: true, verified: true }] });
    const browser = new OAuthBrowser(f.t.app);
    const authorize = await startAt(browser, 'github', 'origin=/dashboard/email');
    expect(authorize.host).toBe('github.com');
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/auth/oauth/github/callback`);
    const state = authorize.searchParams.get('state')!;
    const response = await browser.getApp(`/auth/oauth/github/callback?code=gh-code&state=${state}`);
    expect(loginRedirect(response).path).toBe('/dashboard/email');
    expect(await f.currentUserEmail(browser)).toBe('ada@github.example.com');
    const [link] = await f.t.db.select().from(oauthAccounts).where(and(eq(oauthAccounts.provider, 'github'), eq(oauthAccounts.providerUserId, '31337')));
    expect(link?.email).toBe('ada@github.example.com');
  });

  it('refuses X (Twitter) clearly when it shares no email', async () => {
    standIn.on('POST api.twitter.com/2/oauth2/token', { json: { access_token: 'tw_route', token_type: 'bearer' } });
    standIn.on('GET api.twitter.com/2/users/me', { json: { data: { id: '555', name: 'No Mail', username: 'nomail' } } });
    const browser = new OAuthBrowser(f.t.app);
    const state = (await startAt(browser, 'twitter')).searchParams.get('state')!;
    const response = await browser.getApp(`/auth/oauth/twitter/callback?code=tw-code&state=${state}`);
    expect(loginRedirect(response).params).toEqual({ oauth: 'error', message: OAUTH_MESSAGES.emailMissing('X (Twitter)') });
    expect(browser.app.get('sf_session')).toBeUndefined();
  });

  it('refuses a state started for one provider at another provider’s callback', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const state = (await startAt(browser, 'github')).searchParams.get('state')!;
    const response = await browser.getApp(`/auth/oauth/twitter/callback?code=x&state=${state}`);
    expect(loginRedirect(response).params.message).toBe(OAUTH_MESSAGES.state);
  });
});
