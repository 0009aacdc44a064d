import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, sessions, users } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { sessionSetCookie, signedInToken, STRONG_PASSWORD } from './auth-fixtures.ts';
import { bearer, callFunction, cookieHeader, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const DAY = 24 * 60 * 60_000;
const DENIED = { status: 'PERMISSION_DENIED', message: MESSAGES.generic.permissionDenied };

describe('sessions, cookies and the Origin check', () => {
  let t: TestApp;
  let userId: string;
  let token: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    userId = await createCreator(t, { email: 'ada@example.com', password: STRONG_PASSWORD });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    token = await signedInToken(t, 'ada@example.com', STRONG_PASSWORD);
  });
  afterAll(() => t?.close());

  const rename = (headers: Record<string, string>, displayName: string) =>
    callFunction(t.app, 'updateProfile', { displayName }, { headers });
  const displayName = async () => (await t.db.select().from(users).where(eq(users.id, userId)))[0]!.displayName;

  describe('cookie-authenticated writes need a trusted Origin (SECURITY)', () => {
    it.each([
      ['a foreign origin', { origin: 'https://evil.example' }],
      ['a look-alike origin', { origin: 'http://localhost.evil.example:3000' }],
      ['the null origin', { origin: 'null' }],
      ['no origin', {}],
    ])('refuses %s', async (_label, origin: Record<string, string>) => {
      const response = await rename({ ...cookieHeader(token), ...origin }, 'Hacked');
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual(DENIED);
      expect(await displayName()).toBe('Test Creator');
    });

    it.each([
      ['PUBLIC_URL', 'http://localhost:3000'],
      ['a CORS origin', 'https://app.example.com'],
      ['a product host on another port', 'http://127.0.0.1:5173'],
    ])('accepts %s', async (_label, origin) => {
      const response = await rename({ ...cookieHeader(token), origin }, `Ada via ${origin}`);
      expect(response.statusCode).toBe(200);
      expect(await displayName()).toBe(`Ada via ${origin}`);
    });

    it('refuses a session-setting call from a foreign or missing Origin, even without a cookie (login CSRF)', async () => {
      const data = { email: 'ada@example.com', password: STRONG_PASSWORD };
      for (const headers of [{}, { origin: 'https://evil.example' }, { origin: 'null' }] as Record<string, string>[]) {
        const response = await callFunction(t.app, 'signInWithPassword', data, { headers });
        expect(errorOf(response)).toEqual(DENIED);
        expect(sessionSetCookie(response)).toBeUndefined();
      }
    });

    it('needs no Origin for a Bearer-only call', async () => {
      const response = await rename(bearer(token), 'Ada via API');
      expect(response.statusCode).toBe(200);
      expect(await displayName()).toBe('Ada via API');
    });

    it('answers the Origin refusal before anything else, even with an invalid cookie', async () => {
      const response = await rename({ cookie: 'sf_session=garbage', origin: 'https://evil.example' }, 'x');
      expect(errorOf(response)).toEqual(DENIED);
    });
  });

  it('never takes a token from the URL or the body', async () => {
    const viaQuery = await t.app.inject({
      method: 'POST',
      url: `/fn/getCurrentUser?idToken=${token}&token=${token}&sf_session=${token}`,
      headers: { 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify({ data: null }),
    });
    expect(viaQuery.json()).toEqual({ result: null });
    const viaBody = await callFunction(t.app, 'getCurrentUser', { idToken: token }, { as: WEB_APP });
    expect(viaBody.statusCode).toBe(400);
  });

  it('signOut ends the session and clears the cookie', async () => {
    const response = await callFunction(t.app, 'signOut', null, { as: WEB_APP, headers: cookieHeader(token) });
    expect(response.json()).toEqual({ result: { signedOut: true } });
    expect(sessionSetCookie(response)).toBe('sf_session=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax');
    expect((await callFunction(t.app, 'getCurrentUser', null, { as: WEB_APP, headers: cookieHeader(token) })).json()).toEqual({ result: null });
    expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) })).json()).toEqual({ result: null });
    // Signed out already: still fine.
    expect((await callFunction(t.app, 'signOut', null, { as: WEB_APP })).statusCode).toBe(200);
  });

  it('expires a session after 30 days', async () => {
    clock.advance(30 * DAY - 1000);
    expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) })).json().result).toMatchObject({ uid: userId });
    clock.advance(1000);
    expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) })).json()).toEqual({ result: null });
    const unknown = await callFunction(t.app, 'updateProfile', { displayName: 'x' }, { headers: bearer(token) });
    expect(errorOf(unknown)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.generic.unauthenticated });
  });

  it('a disabled account loses every session at once', async () => {
    const other = await signedInToken(t, 'ada@example.com', STRONG_PASSWORD);
    await t.db.update(users).set({ isActive: false }).where(eq(users.id, userId));
    try {
      const response = await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) });
      expect(response.statusCode).toBe(403);
      expect(errorOf(response)).toEqual({ status: 'PERMISSION_DENIED', message: MESSAGES.auth.userDisabled });
      expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
      expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(other) })).json()).toEqual({ result: null });
    } finally {
      await t.db.update(users).set({ isActive: true }).where(eq(users.id, userId));
    }
  });

  it('getCurrentUser is null when signed out or with an unknown token', async () => {
    expect((await callFunction(t.app, 'getCurrentUser', null, { as: WEB_APP })).json()).toEqual({ result: null });
    expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer('x'.repeat(43)) })).json()).toEqual({ result: null });
  });
});

describe('the session cookie over https', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: testEnv({ PUBLIC_URL: 'https://shop.example.com', CORS_ORIGINS: 'https://shop.example.com' }) });
    await createCreator(t, { email: 'ada@example.com', password: STRONG_PASSWORD });
  });
  afterAll(() => t?.close());

  it('is Secure, HttpOnly, SameSite=Lax, Path=/ with a 30-day Max-Age', async () => {
    const response = await callFunction(
      t.app,
      'signInWithPassword',
      { email: 'ada@example.com', password: STRONG_PASSWORD },
      { headers: { origin: 'https://shop.example.com' } },
    );
    const token = response.json().result.idToken;
    expect(sessionSetCookie(response)).toBe(`sf_session=${token}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax; Secure`);
    const foreign = await callFunction(t.app, 'getCurrentUser', null, { headers: { ...cookieHeader(token), origin: 'http://localhost:3000' } });
    expect(foreign.statusCode).toBe(200); // localhost stays a product host by default
    const evil = await callFunction(t.app, 'getCurrentUser', null, { headers: { ...cookieHeader(token), origin: 'https://evil.example' } });
    expect(evil.statusCode).toBe(403);
  });
});
