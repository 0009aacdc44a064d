import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, sessions, users } from '#src/db/schema/index.ts';
import { SIGN_IN_FAILURES_PER_ACCOUNT, SIGN_IN_FAILURES_PER_IP } from '#src/identity/limits.ts';
import { countSignInAttempt, forgiveSignInAttempt } from '#src/identity/sign-in-throttle.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { sessionSetCookie, signIn, STRONG_PASSWORD } from './auth-fixtures.ts';
import { bearer, callFunction, cookieHeader, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const HOUR = 60 * 60_000;

describe('signInWithPassword', () => {
  let t: TestApp;
  let userId: string;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    userId = await createCreator(t, { email: 'ada@example.com', password: STRONG_PASSWORD });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.advance(2 * HOUR);
  });
  afterAll(() => t?.close());

  it('signs in with a new session each time: idToken, cookie, user without secrets', async () => {
    const first = await signIn(t, 'ADA@example.com', STRONG_PASSWORD);
    expect(first.statusCode).toBe(200);
    const result = first.json().result;
    expect(result).toMatchObject({ status: 'signed-in', user: { uid: userId, email: 'ada@example.com', role: 'creator' } });
    expect(result.idToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(result.expiresAt).getTime() - clock.now().getTime()).toBe(30 * 24 * HOUR);
    expect(sessionSetCookie(first)).toBe(`sf_session=${result.idToken}; Path=/; Max-Age=2592000; HttpOnly; SameSite=Lax`);
    expect(first.body).not.toMatch(/argon2|passwordHash|tokenHash/);

    const second = (await signIn(t, 'ada@example.com', STRONG_PASSWORD)).json().result;
    expect(second.idToken).not.toBe(result.idToken);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(2);
  });

  it('answers an unknown email and a wrong password identically (status and body)', async () => {
    const wrong = await signIn(t, 'ada@example.com', 'not the password');
    const unknown = await signIn(t, 'nobody@example.com', 'not the password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(unknown.body).toBe(wrong.body);
    expect(errorOf(wrong)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.auth.invalidCredentials });
    expect(sessionSetCookie(wrong)).toBeUndefined();
  });

  it(`lets the right password in after ${SIGN_IN_FAILURES_PER_ACCOUNT - 1} failures, refuses it after ${SIGN_IN_FAILURES_PER_ACCOUNT}`, async () => {
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT - 1; i++) await signIn(t, 'ada@example.com', `guess ${i}`);
    expect((await signIn(t, 'ada@example.com', STRONG_PASSWORD)).statusCode).toBe(200);

    await t.db.delete(rateLimits);
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) {
      expect((await signIn(t, 'ada@example.com', `guess ${i}`)).statusCode).toBe(401);
    }
    const blocked = await signIn(t, 'ada@example.com', STRONG_PASSWORD);
    expect(blocked.statusCode).toBe(429);
    expect(errorOf(blocked)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts });
    // Unknown emails are throttled alike, so the throttle reveals nothing either.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) await signIn(t, 'ghost@example.com', `guess ${i}`);
    expect((await signIn(t, 'ghost@example.com', 'guess')).body).toBe(blocked.body);
    clock.advance(HOUR);
    expect((await signIn(t, 'ada@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it(`throttles one client address after ${SIGN_IN_FAILURES_PER_IP} failures across accounts, ignoring X-Forwarded-For`, async () => {
    clock.set(new Date(Math.ceil(clock.now().getTime() / HOUR) * HOUR));
    for (let i = 0; i < SIGN_IN_FAILURES_PER_IP - 1; i++) {
      await signIn(t, `spray${i}@example.com`, 'password guess', { 'x-forwarded-for': `203.0.113.${i}` });
    }
    expect((await signIn(t, 'ada@example.com', STRONG_PASSWORD, { 'x-forwarded-for': '203.0.113.250' })).statusCode).toBe(200);
    await signIn(t, 'spray-last@example.com', 'password guess');
    const blocked = await signIn(t, 'ada@example.com', STRONG_PASSWORD, { 'x-forwarded-for': '198.51.100.1' });
    expect(errorOf(blocked).message).toBe(MESSAGES.auth.tooManyAttempts);
    const elsewhere = await callFunction(
      t.app,
      'signInWithPassword',
      { email: 'ada@example.com', password: STRONG_PASSWORD },
      { headers: { origin: 'http://localhost:3000' }, remoteAddress: '192.0.2.44' },
    );
    expect(elsewhere.statusCode).toBe(200);
  }, 60_000);

  it('refuses a disabled account with the spec message after the password check', async () => {
    await createCreator(t, { email: 'off@example.com', password: STRONG_PASSWORD, isActive: false });
    expect(errorOf(await signIn(t, 'off@example.com', 'wrong password')).message).toBe(MESSAGES.auth.invalidCredentials);
    const response = await signIn(t, 'off@example.com', STRONG_PASSWORD);
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toEqual({ status: 'PERMISSION_DENIED', message: MESSAGES.auth.userDisabled });
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it('answers the same for an account that has no password (created by a link or a provider)', async () => {
    await createCreator(t, { email: 'linkonly@example.com' });
    const noPassword = await signIn(t, 'linkonly@example.com', 'some password');
    const unknown = await signIn(t, 'nobody2@example.com', 'some password');
    expect(noPassword.body).toBe(unknown.body);
  });

  it('works for API clients with Bearer, the same as the cookie', async () => {
    const token = (await signIn(t, 'ada@example.com', STRONG_PASSWORD)).json().result.idToken as string;
    const viaBearer = await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) });
    expect(viaBearer.statusCode).toBe(200);
    expect(viaBearer.json().result).toMatchObject({ uid: userId });
    const viaCookie = await callFunction(t.app, 'getCurrentUser', null, { as: WEB_APP, headers: cookieHeader(token) });
    expect(viaCookie.json()).toEqual(viaBearer.json());
    const [row] = await t.db.select().from(users).where(eq(users.id, userId));
    expect(row!.email).toBe('ada@example.com');
  });
  it('a burst of refused attempts does not lock out a password that was never wrong', async () => {
    const attempt = { email: 'ada@example.com', ip: '127.0.0.1', now: clock.now() };
    // Five correct sign-ins in flight at once fill the account's counter…
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) await countSignInAttempt(t.db, attempt);
    // …so ten more arriving meanwhile are refused without a password check…
    for (let i = 0; i < 10; i++) expect((await signIn(t, 'ada@example.com', STRONG_PASSWORD)).statusCode).toBe(429);
    // …and once the five in flight succeed, the right password gets in again.
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) await forgiveSignInAttempt(t.db, attempt);
    expect((await signIn(t, 'ada@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
  });
});
