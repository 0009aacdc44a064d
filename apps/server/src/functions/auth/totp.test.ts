import { MESSAGES } from '@shopfront/core';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaFactors, rateLimits, sessions } from '#src/db/schema/index.ts';
import { MFA_FAILURES_PER_ACCOUNT } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { totpCode, totpStep } from '#src/identity/totp.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { sessionSetCookie, signedInToken, signIn, STRONG_PASSWORD } from './auth-fixtures.ts';
import { callFunction, cookieHeader, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
const STEP = 30_000;
const M = IDENTITY_MESSAGES;

describe('TOTP enrolment and the multi-factor sign-in', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.advance(60 * 60_000);
  });
  afterAll(() => t?.close());

  const codeAt = (key: Uint8Array, offsetSteps = 0) => totpCode(key, totpStep(clock.now()) + offsetSteps);

  /** A creator with TOTP on; answers the key so the test can compute codes. */
  async function enrolled(options: { isAdmin?: boolean } = {}) {
    const email = `mfa${++n}@example.com`;
    const userId = await createCreator(t, { email, password: STRONG_PASSWORD, ...options });
    const session = cookieHeader(await signedInToken(t, email, STRONG_PASSWORD));
    const start = (await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP, headers: session })).json().result;
    const key = decodeBase32IgnorePadding(start.secret);
    expect((await callFunction(t.app, 'confirmTotpEnrollment', { code: codeAt(key) }, { as: WEB_APP, headers: session })).json()).toEqual({ result: { enrolled: true, recoveryCodes: expect.any(Array) } });
    clock.advance(STEP);
    return { email, userId, key, session };
  }
  async function challenge(email: string): Promise<string> {
    const response = await signIn(t, email, STRONG_PASSWORD);
    const result = response.json().result;
    expect(result).toEqual({ status: 'mfa-required', mfaToken: expect.any(String), factors: ['totp'] });
    expect(sessionSetCookie(response)).toBeUndefined();
    return result.mfaToken;
  }
  const complete = (mfaToken: string, code: string) => callFunction(t.app, 'completeMfaSignIn', { mfaToken, code }, { as: WEB_APP });

  it('enrols with a QR code and an otpauth URL, keeping the secret encrypted', async () => {
    const email = `qr${++n}@example.com`;
    const userId = await createCreator(t, { email, password: STRONG_PASSWORD });
    const session = cookieHeader(await signedInToken(t, email, STRONG_PASSWORD));
    const start = (await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP, headers: session })).json().result;
    expect(start.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(start.otpauthUrl).toBe(
      `otpauth://totp/Shopfront:qr${n}%40example.com?issuer=Shopfront&algorithm=SHA1&secret=${start.secret}&period=30&digits=6`,
    );
    expect(start.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
    expect(factor!.secret).not.toContain(start.secret);
    expect(factor!.enabledAt).toBeNull();

    const key = decodeBase32IgnorePadding(start.secret);
    const wrong = await callFunction(t.app, 'confirmTotpEnrollment', { code: codeAt(key, 3) }, { as: WEB_APP, headers: session });
    expect(errorOf(wrong)).toEqual({ status: 'INVALID_ARGUMENT', message: M.mfaCodeInvalid });
    expect((await callFunction(t.app, 'confirmTotpEnrollment', { code: codeAt(key) }, { as: WEB_APP, headers: session })).statusCode).toBe(200);
    expect((await callFunction(t.app, 'getCurrentUser', null, { as: WEB_APP, headers: session })).json().result.mfaEnabled).toBe(true);
    expect(errorOf(await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP, headers: session })).message).toBe(M.mfaAlreadyEnabled);
  });

  it('asks for the second factor and signs in only with a current code', async () => {
    const { email, userId, key } = await enrolled();
    const sessionsBefore = (await t.db.select().from(sessions).where(eq(sessions.userId, userId))).length;
    const mfaToken = await challenge(email);
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toHaveLength(sessionsBefore);
    const response = await complete(mfaToken, codeAt(key));
    expect(response.json().result).toMatchObject({ status: 'signed-in', user: { uid: userId, mfaEnabled: true } });
    expect(sessionSetCookie(response)).toBeDefined();
    // The challenge is single use.
    expect(errorOf(await complete(mfaToken, codeAt(key, 1)))).toEqual({ status: 'UNAUTHENTICATED', message: M.mfaSessionExpired });
  });

  it('marks only the sessions that proved the factor: the MFA sign-in and the one that enrolled', async () => {
    const email = `marked${++n}@example.com`;
    const userId = await createCreator(t, { email, password: STRONG_PASSWORD });
    const enrolling = await signedInToken(t, email, STRONG_PASSWORD);
    const other = await signedInToken(t, email, STRONG_PASSWORD);
    const verifiedOf = async () =>
      (await t.db.select({ tokenHash: sessions.tokenHash, at: sessions.mfaVerifiedAt }).from(sessions).where(eq(sessions.userId, userId))).map(
        (row) => row.at !== null,
      );
    expect(await verifiedOf()).toEqual([false, false]);

    const start = (await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP, headers: cookieHeader(enrolling) })).json().result;
    const key = decodeBase32IgnorePadding(start.secret);
    await callFunction(t.app, 'confirmTotpEnrollment', { code: codeAt(key) }, { as: WEB_APP, headers: cookieHeader(enrolling) });
    expect((await verifiedOf()).filter(Boolean)).toHaveLength(1);
    expect(other).not.toBe(enrolling);

    clock.advance(STEP);
    const response = await complete(await challenge(email), codeAt(key));
    expect(response.statusCode).toBe(200);
    expect((await verifiedOf()).filter(Boolean)).toHaveLength(2);
  });

  it('never accepts a code twice, nor an older one, but allows ±1 step of drift', async () => {
    const { email, key } = await enrolled();
    const used = codeAt(key);
    expect((await complete(await challenge(email), used)).statusCode).toBe(200);
    expect(errorOf(await complete(await challenge(email), used)).message).toBe(M.mfaCodeInvalid);
    clock.advance(STEP);
    expect((await complete(await challenge(email), codeAt(key, 1))).statusCode).toBe(200); // next step (drift)
    expect(errorOf(await complete(await challenge(email), codeAt(key))).message).toBe(M.mfaCodeInvalid); // older now
    clock.advance(4 * STEP);
    expect(errorOf(await complete(await challenge(email), codeAt(key, -2))).message).toBe(M.mfaCodeInvalid);
    expect((await complete(await challenge(email), codeAt(key, -1))).statusCode).toBe(200);
  });

  it('ends the challenge at the 5th wrong code; 4 wrong then right still passes', async () => {
    const { email, key } = await enrolled();
    const wrong = (offset: number) => String((Number(codeAt(key)) + offset) % 1_000_000).padStart(6, '0');
    const first = await challenge(email);
    for (let i = 1; i <= 4; i++) expect(errorOf(await complete(first, wrong(i))).message).toBe(M.mfaCodeInvalid);
    expect((await complete(first, codeAt(key))).statusCode).toBe(200);

    clock.advance(STEP);
    const second = await challenge(email);
    for (let i = 1; i <= 4; i++) await complete(second, wrong(i));
    expect(errorOf(await complete(second, wrong(5)))).toEqual({ status: 'RESOURCE_EXHAUSTED', message: M.mfaTooManyAttempts });
    expect(errorOf(await complete(second, codeAt(key))).message).toBe(M.mfaTooManyAttempts);
  });

  it('lets a challenge live 5 minutes', async () => {
    const { email, key } = await enrolled();
    const early = await challenge(email);
    clock.advance(5 * 60_000 - 1000);
    expect((await complete(early, codeAt(key))).statusCode).toBe(200);
    const late = await challenge(email);
    clock.advance(5 * 60_000);
    expect(errorOf(await complete(late, codeAt(key))).message).toBe(M.mfaSessionExpired);
  });

  it('turns TOTP off only with a valid code, throttling wrong ones', async () => {
    const { email, key, session } = await enrolled();
    const wrong = String((Number(codeAt(key)) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < MFA_FAILURES_PER_ACCOUNT; i++) expect(errorOf(await callFunction(t.app, 'disableTotp', { code: wrong }, { as: WEB_APP, headers: session })).message).toBe(M.mfaCodeInvalid);
    const throttled = await callFunction(t.app, 'disableTotp', { code: codeAt(key) }, { as: WEB_APP, headers: session });
    expect(errorOf(throttled)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts });
    await t.db.delete(rateLimits);
    expect((await callFunction(t.app, 'disableTotp', { code: codeAt(key) }, { as: WEB_APP, headers: session })).json()).toEqual({ result: { disabled: true } });
    expect((await signIn(t, email, STRONG_PASSWORD)).json().result.status).toBe('signed-in');
  });

  it('shows admins without TOTP as such, so the dashboard can ask them to enrol', async () => {
    const email = `admin${++n}@example.com`;
    await createCreator(t, { email, password: STRONG_PASSWORD, isAdmin: true });
    const user = (await signIn(t, email, STRONG_PASSWORD)).json().result.user;
    expect(user).toMatchObject({ isAdmin: true, mfaEnabled: false });
  });

  it('needs a signed-in creator to enrol', async () => {
    const response = await callFunction(t.app, 'startTotpEnrollment', null, { as: WEB_APP });
    expect(errorOf(response)).toEqual({ status: 'UNAUTHENTICATED', message: MESSAGES.generic.unauthenticated });
  });
});
