import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { OAUTH_MESSAGES } from '../oauth-errors.ts';
import { createSigningKey, signJwt } from '#src/testing/oauth/signing-keys.ts';
import { startProviderStandIn, type ProviderStandIn } from '#src/testing/oauth/provider-stand-in.ts';
import { createFacebookProvider, parseFacebookIdentity } from './facebook.ts';
import { createGitHubProvider, parseGitHubIdentity } from './github.ts';
import { createGoogleProvider } from './google.ts';
import { createTwitterProvider, parseTwitterIdentity } from './twitter.ts';

const CLIENT = { clientId: 'client-id', clientSecret: 'client-secret' };
const REDIRECT = 'https://shop.example.com/auth/oauth/x/callback';
const REQUEST = { state: 'state-value', codeVerifier: 'verifier-value-verifier-value-verifier-value', nonce: 'nonce-value' };
const NOW = new Date();
const NOW_S = Math.floor(NOW.getTime() / 1000);

let standIn: ProviderStandIn;

beforeAll(async () => {
  standIn = await startProviderStandIn([
    'github.com',
    'api.github.com',
    'oauth2.googleapis.com',
    'graph.facebook.com',
    'api.twitter.com',
  ]);
  // arctic calls the global fetch with fixed provider URLs; only those hosts are rerouted.
  vi.stubGlobal('fetch', standIn.fetch);
});

afterAll(async () => {
  vi.unstubAllGlobals();
  await standIn.close();
});

afterEach(() => {
  standIn.requests.length = 0;
});

const basic = `Basic ${Buffer.from('client-id:client-secret').toString('base64')}`;
const lastRequest = (host: string, path: string) => standIn.requests.findLast((request) => request.host === host && request.path === path);

describe('GitHub', () => {
  const github = createGitHubProvider(CLIENT, REDIRECT);

  it('sends the browser to github.com with our client, state and scopes (no PKCE at GitHub)', async () => {
    const url = await github.createAuthorizationUrl(REQUEST);
    expect(`${url.origin}${url.pathname}`).toBe('https://github.com/login/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'client-id',
      state: 'state-value',
      scope: 'read:user user:email',
      redirect_uri: REDIRECT,
    });
  });

  it('exchanges the code and reads the primary verified email', async () => {
    standIn.on('POST github.com/login/oauth/access_token', { json: { access_token: 'gho_test', token_type: 'bearer', scope: 'read:user,user:email' } });
    standIn.on('GET api.github.com/user', { json: { id: 4242, login: 'octo', name: 'Octo Cat', avatar_url: 'https://avatars.example.com/u/4242' } });
    standIn.on('GET api.github.com/user/emails', {
      json: [
        { email: 'old@example.com', primary: false, verified: true },
        { email: 'Octo@Example.com', primary: true, verified: true },
      ],
    });
    await expect(github.fetchIdentity({ code: 'the-code', ...REQUEST, now: NOW })).resolves.toEqual({
      providerUserId: '4242',
      email: 'octo@example.com',
      emailVerified: true,
      firstName: null,
      lastName: null,
      displayName: 'Octo Cat',
      photoUrl: 'https://avatars.example.com/u/4242',
    });
    const token = lastRequest('github.com', '/login/oauth/access_token')!;
    expect(token.headers.authorization).toBe(basic);
    expect(new URLSearchParams(token.body).get('code')).toBe('the-code');
    expect(lastRequest('api.github.com', '/user/emails')!.headers.authorization).toBe('Bearer gho_test');
  });

  it('turns a refused code into a user-safe failure', async () => {
    standIn.on('POST github.com/login/oauth/access_token', { json: { error: 'bad_verification_code', error_description: 'The code is wrong' } });
    await expect(github.fetchIdentity({ code: 'stale', ...REQUEST, now: NOW })).rejects.toMatchObject({
      name: 'OAuthFlowError',
      kind: 'exchange',
      userMessage: OAUTH_MESSAGES.failed('GitHub'),
      detail: 'token endpoint error bad_verification_code',
    });
  });

  it('turns an API error into a user-safe failure', async () => {
    standIn.on('POST github.com/login/oauth/access_token', { json: { access_token: 'gho_test', token_type: 'bearer' } });
    standIn.on('GET api.github.com/user/emails', { status: 403, json: { message: 'forbidden' } });
    await expect(github.fetchIdentity({ code: 'c', ...REQUEST, now: NOW })).rejects.toMatchObject({ kind: 'exchange', userMessage: OAUTH_MESSAGES.failed('GitHub') });
  });

  it('treats an unverified or missing primary email as unverified', () => {
    const user = { id: 1, login: 'octo' };
    expect(parseGitHubIdentity(user, [{ email: 'a@example.com', primary: true, verified: false }])).toMatchObject({ email: 'a@example.com', emailVerified: false, displayName: 'octo' });
    expect(parseGitHubIdentity(user, [{ email: 'b@example.com', primary: false, verified: true }])).toMatchObject({ email: null, emailVerified: false });
    expect(() => parseGitHubIdentity({ login: 'no-id' }, [])).toThrow();
  });
});

describe('Google', () => {
  const google = createGoogleProvider(CLIENT, REDIRECT);
  const key = createSigningKey('RS256');
  const idToken = (overrides: Record<string, unknown> = {}) =>
    signJwt(key, {
      iss: 'https://accounts.google.com',
      aud: 'client-id',
      sub: '1100220033',
      email: 'Grace@Example.com',
      email_verified: true,
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
      picture: 'https://lh3.example.com/photo.jpg',
      nonce: 'nonce-value',
      iat: NOW_S,
      exp: NOW_S + 3600,
      ...overrides,
    });

  it('asks for openid email profile with PKCE (S256) and our nonce', async () => {
    const url = await google.createAuthorizationUrl(REQUEST);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('nonce')).toBe('nonce-value');
    expect(url.searchParams.get('redirect_uri')).toBe(REDIRECT);
  });

  it('reads the identity from the ID token claims', async () => {
    standIn.on('POST oauth2.googleapis.com/token', { json: { access_token: 'ya29', token_type: 'Bearer', id_token: idToken() } });
    await expect(google.fetchIdentity({ code: 'g-code', ...REQUEST, now: NOW })).resolves.toEqual({
      providerUserId: '1100220033',
      email: 'grace@example.com',
      emailVerified: true,
      firstName: 'Grace',
      lastName: 'Hopper',
      displayName: 'Grace Hopper',
      photoUrl: 'https://lh3.example.com/photo.jpg',
    });
    const body = new URLSearchParams(lastRequest('oauth2.googleapis.com', '/token')!.body);
    expect(body.get('code_verifier')).toBe(REQUEST.codeVerifier);
  });

  it.each([
    ['another nonce', { nonce: 'other' }],
    ['another audience', { aud: 'other-client' }],
    ['another issuer', { iss: 'https://accounts.google.evil' }],
    ['an expired token', { exp: NOW_S - 120 }],
  ])('refuses %s', async (_label, overrides) => {
    standIn.on('POST oauth2.googleapis.com/token', { json: { access_token: 'ya29', token_type: 'Bearer', id_token: idToken(overrides) } });
    await expect(google.fetchIdentity({ code: 'g', ...REQUEST, now: NOW })).rejects.toMatchObject({ kind: 'id-token', userMessage: OAUTH_MESSAGES.failed('Google') });
  });

  it('keeps an unverified Google email unverified', async () => {
    standIn.on('POST oauth2.googleapis.com/token', { json: { access_token: 'ya29', token_type: 'Bearer', id_token: idToken({ email_verified: false }) } });
    await expect(google.fetchIdentity({ code: 'g', ...REQUEST, now: NOW })).resolves.toMatchObject({ emailVerified: false });
  });
});

describe('Facebook', () => {
  const facebook = createFacebookProvider(CLIENT, REDIRECT);

  it('asks for email and public_profile', async () => {
    const url = await facebook.createAuthorizationUrl(REQUEST);
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v16.0/dialog/oauth');
    expect(url.searchParams.get('scope')).toBe('email public_profile');
    expect(url.searchParams.get('state')).toBe('state-value');
  });

  it('reads /me with the access token in a header, never in the URL', async () => {
    standIn.on('POST graph.facebook.com/v16.0/oauth/access_token', { json: { access_token: 'EAAB', token_type: 'bearer' } });
    standIn.on('GET graph.facebook.com/v16.0/me', { json: { id: '998877', name: 'Frida K', first_name: 'Frida', last_name: 'K', email: 'frida@example.com' } });
    await expect(facebook.fetchIdentity({ code: 'f', ...REQUEST, now: NOW })).resolves.toMatchObject({
      providerUserId: '998877',
      email: 'frida@example.com',
      emailVerified: true,
      firstName: 'Frida',
      lastName: 'K',
    });
    const me = lastRequest('graph.facebook.com', '/v16.0/me')!;
    expect(me.query.get('fields')).toBe('id,name,email,first_name,last_name');
    expect(me.query.has('access_token')).toBe(false);
    expect(me.headers.authorization).toBe('Bearer EAAB');
  });

  it('has no email when Facebook shares none', () => {
    expect(parseFacebookIdentity({ id: '1', name: 'No Mail' })).toMatchObject({ email: null, emailVerified: false });
  });
});

describe('X (Twitter)', () => {
  const twitter = createTwitterProvider(CLIENT, REDIRECT);

  it('asks for users.email with PKCE', async () => {
    const url = await twitter.createAuthorizationUrl(REQUEST);
    expect(`${url.origin}${url.pathname}`).toBe('https://twitter.com/i/oauth2/authorize');
    expect(url.searchParams.get('scope')).toBe('users.read tweet.read users.email');
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('reads the confirmed email when X shares it', async () => {
    standIn.on('POST api.twitter.com/2/oauth2/token', { json: { access_token: 'tw', token_type: 'bearer' } });
    standIn.on('GET api.twitter.com/2/users/me', { json: { data: { id: '777', name: 'Tess', username: 'tess', confirmed_email: 'tess@example.com' } } });
    await expect(twitter.fetchIdentity({ code: 't', ...REQUEST, now: NOW })).resolves.toMatchObject({
      providerUserId: '777',
      email: 'tess@example.com',
      emailVerified: true,
      displayName: 'Tess',
    });
    expect(lastRequest('api.twitter.com', '/2/users/me')!.query.get('user.fields')).toBe('confirmed_email,profile_image_url');
  });

  it('has no email when X shares none', () => {
    expect(parseTwitterIdentity({ data: { id: '1', username: 'quiet' } })).toMatchObject({ email: null, emailVerified: false, displayName: 'quiet' });
  });
});
