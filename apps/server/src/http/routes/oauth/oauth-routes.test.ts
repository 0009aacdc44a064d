import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { authTokens, oauthAccounts, users } from '#src/db/schema/index.ts';
import { OAUTH_MESSAGES } from '#src/identity/oauth/oauth-errors.ts';
import { OAUTH_STATE_TTL_MS } from '#src/identity/oauth/oauth-state.ts';
import { OAuthBrowser } from '#src/testing/oauth/oauth-browser.ts';
import { loginRedirect, OIDC_LABEL, useOAuthTestApp } from '#src/testing/oauth/oauth-test-app.ts';
import { tamperSignature } from '#src/testing/oauth/signing-keys.ts';
import { TEST_PUBLIC_URL } from '#src/testing/test-env.ts';
import { createCreator } from '#src/testing/creators.ts';

// Social sign-in: the whole redirect → login/consent → callback → session flow against
// a real OpenID Connect provider (the oidc-provider package) on loopback, cookies carried by hand.
const f = useOAuthTestApp();

describe('OpenID Connect sign-in against a real local provider', () => {
  it('signs a new creator in: redirect, login and consent, callback, session', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const start = await browser.getApp('/auth/oauth/oidc/start?origin=/dashboard/products');
    expect(start.statusCode).toBe(302);
    const authorize = new URL(start.headers.location as string);
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${f.idp.issuer}/auth`);
    expect(authorize.searchParams.get('client_id')).toBe(f.idp.clientId);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${TEST_PUBLIC_URL}/auth/oauth/oidc/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe('openid email profile');
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(authorize.searchParams.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const bindingCookie = String(start.headers['set-cookie']);
    expect(bindingCookie).toMatch(/^sf_oauth=redirect\.[A-Za-z0-9_-]{43}; Path=\/auth\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);

    const callback = await browser.throughProvider(authorize.toString(), { login: 'alice' });
    expect(callback).toMatch(/^\/auth\/oauth\/oidc\/callback\?/);
    const response = await browser.getApp(callback);

    expect(loginRedirect(response).path).toBe('/dashboard/products');
    expect(browser.app.get('sf_session')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(browser.app.get('sf_oauth')).toBeUndefined();
    expect(await f.currentUserEmail(browser)).toBe('alice@idp.example.com');
    const user = await f.userByEmail('alice@idp.example.com');
    expect(user).toMatchObject({ role: 'creator', emailVerified: true, displayName: 'Test alice', firstName: 'Test', lastName: 'alice' });
    const links = await f.t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user!.id));
    expect(links).toEqual([
      expect.objectContaining({ provider: 'oidc', providerUserId: `${f.idp.issuer}|alice`, email: 'alice@idp.example.com' }),
    ]);
  });
});

describe('linking', () => {
  it('links a second sign-in to the same user, with a new session', async () => {
    const first = await f.signInWith('dora');
    const second = await f.signInWith('dora');
    expect(loginRedirect(second.response).path).toBe('/dashboard/products');
    expect(second.browser.app.get('sf_session')).not.toBe(first.browser.app.get('sf_session'));
    const user = await f.userByEmail('dora@idp.example.com');
    expect(await f.t.db.select().from(users).where(eq(users.email, 'dora@idp.example.com'))).toHaveLength(1);
    expect(await f.t.db.select().from(oauthAccounts).where(eq(oauthAccounts.userId, user!.id))).toHaveLength(1);
    expect(await f.currentUserEmail(second.browser)).toBe('dora@idp.example.com');
  });

  it('links an existing creator whose email the provider verified', async () => {
    const existingId = await createCreator(f.t, { email: 'erin@idp.example.com', password: 'correct horse battery staple' });
    const { response, browser } = await f.signInWith('erin');
    expect(loginRedirect(response).path).toBe('/dashboard/products');
    const [link] = await f.t.db.select().from(oauthAccounts).where(eq(oauthAccounts.providerUserId, `${f.idp.issuer}|erin`));
    expect(link?.userId).toBe(existingId);
    expect(await f.currentUserEmail(browser)).toBe('erin@idp.example.com');
  });
});

describe('state', () => {
  it('refuses a replayed callback (state is single use)', async () => {
    const { browser, callback, response } = await f.signInWith('frank');
    expect(loginRedirect(response).path).toBe('/dashboard/products');
    const replay = await browser.getApp(callback);
    expect(loginRedirect(replay)).toEqual({ path: '/login', params: { oauth: 'error', message: OAUTH_MESSAGES.state } });
    expect(String(replay.headers['set-cookie'])).not.toContain('sf_session=');
  });

  it('gives exactly one session when the same callback arrives twice at once', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const callback = await f.startAndLogIn(browser, 'fred');
    const cookie = browser.app.header();
    const replies = await Promise.all([1, 2].map(() => f.t.app.inject({ method: 'GET', url: callback, headers: { cookie } })));
    const signedIn = replies.filter((reply) => String(reply.headers['set-cookie']).includes('sf_session='));
    expect(signedIn).toHaveLength(1);
    expect(replies.map((reply) => reply.headers.location).sort()).toEqual(
      ['/dashboard/products', `/login?${new URLSearchParams({ oauth: 'error', message: OAUTH_MESSAGES.state })}`].sort(),
    );
  });

  it('refuses a state bound to another browser, and the state is then spent', async () => {
    const victim = new OAuthBrowser(f.t.app);
    const callback = await f.startAndLogIn(victim, 'gina');
    const attacker = new OAuthBrowser(f.t.app);
    await attacker.getApp('/auth/oauth/oidc/start');
    const stolen = await attacker.getApp(callback);
    expect(loginRedirect(stolen).params).toEqual({ oauth: 'error', message: OAUTH_MESSAGES.state });
    expect(attacker.app.get('sf_session')).toBeUndefined();
    const late = await victim.getApp(callback);
    expect(loginRedirect(late).params.message).toBe(OAUTH_MESSAGES.state);
    expect(await f.userByEmail('gina@idp.example.com')).toBeUndefined();
  });

  it('refuses a callback without the binding cookie', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const callback = await f.startAndLogIn(browser, 'hank');
    browser.app.set('sf_oauth', undefined);
    expect(loginRedirect(await browser.getApp(callback)).params.message).toBe(OAUTH_MESSAGES.state);
  });

  it('accepts a state one second before its 10 minutes are up and refuses it at 10 minutes', async () => {
    const early = new OAuthBrowser(f.t.app);
    const earlyCallback = await f.startAndLogIn(early, 'ivan');
    f.setClockOffset(OAUTH_STATE_TTL_MS - 1000);
    expect(loginRedirect(await early.getApp(earlyCallback)).path).toBe('/dashboard/products');

    f.setClockOffset(0);
    const late = new OAuthBrowser(f.t.app);
    const lateCallback = await f.startAndLogIn(late, 'ivan');
    f.setClockOffset(OAUTH_STATE_TTL_MS);
    expect(loginRedirect(await late.getApp(lateCallback)).params.message).toBe(OAUTH_MESSAGES.state);
    expect(late.app.get('sf_session')).toBeUndefined();
  });

  it('stores only a hash of the state, with the verifier and nonce on the server', async () => {
    const browser = new OAuthBrowser(f.t.app);
    const start = await browser.getApp('/auth/oauth/oidc/start');
    const state = new URL(start.headers.location as string).searchParams.get('state')!;
    const rows = await f.t.db.select().from(authTokens).where(eq(authTokens.kind, 'oauth-state'));
    const serialised = JSON.stringify(rows);
    expect(serialised).not.toContain(state);
    expect(serialised).not.toContain(browser.app.get('sf_oauth')!.split('.')[1]);
  });
});

describe('ID token checks', () => {
  const refusedWith = async (login: string, rewrite: (idToken: string) => string) => {
    f.idp.rewriteIdToken = rewrite;
    const { response, browser } = await f.signInWith(login);
    expect(loginRedirect(response).params).toEqual({
      oauth: 'error',
      message: OAUTH_MESSAGES.failed(OIDC_LABEL),
      origin: '/dashboard/products',
    });
    expect(browser.app.get('sf_session')).toBeUndefined();
    expect(await f.userByEmail(`${login}@idp.example.com`)).toBeUndefined();
  };

  it('refuses a tampered signature', async () => {
    await refusedWith('jack', tamperSignature);
  });

  it('refuses a token for another audience, even when the provider signed it', async () => {
    await refusedWith('kate', (token) => f.idp.resign(token, { aud: 'someone-else' }));
  });

  it('refuses a token with another nonce', async () => {
    await refusedWith('liam', (token) => f.idp.resign(token, { nonce: 'not-the-one-we-sent' }));
  });

  it('refuses a token from another issuer', async () => {
    await refusedWith('mona', (token) => f.idp.resign(token, { iss: 'https://evil.example' }));
  });

  it('accepts a token the provider re-signed unchanged (the checks above are not vacuous)', async () => {
    f.idp.rewriteIdToken = (token) => f.idp.resign(token, {});
    const { response } = await f.signInWith('nora');
    expect(loginRedirect(response).path).toBe('/dashboard/products');
  });
});

describe('logs', () => {
  it('never contain the provider code, our state, a session or an MFA token', async () => {
    const { browser, callback } = await f.signInWith('zoe');
    const query = new URL(callback, TEST_PUBLIC_URL).searchParams;
    const secrets = [query.get('code')!, query.get('state')!, browser.app.get('sf_session')!];
    const text = JSON.stringify(f.logs.lines());
    expect(text).toContain('/auth/oauth/oidc/callback?code&state');
    for (const secret of secrets) expect(text).not.toContain(secret);
  });
});
