import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaFactors, rateLimits } from '#src/db/schema/index.ts';
import {
  MFA_ACCOUNT_WINDOW_MS, MFA_CONSECUTIVE_FAILURES_MAX, MFA_FAILURES_PER_ACCOUNT, MFA_FAILURES_PER_IP, SIGN_IN_FAILURES_PER_ACCOUNT,
} from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { enrolledCreator, STRONG_PASSWORD, totpCodeAt, wrongTotpCode } from './auth-fixtures.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { latestCode, queuedEmails } from '#src/testing/emails.ts';

const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
const STEP = 30_000;
const HOUR = 60 * 60_000;
const M = IDENTITY_MESSAGES;
const TOO_MANY = { status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts };
const WRONG_CODE = { status: 'INVALID_ARGUMENT', message: M.mfaCodeInvalid };

describe('second-factor limits across challenges', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    // Start each test at the beginning of an hour, so every fixed window starts with it.
    clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / HOUR) * HOUR + HOUR));
  });
  afterAll(() => t?.close());

  async function enrolled() {
    const creator = await enrolledCreator(t, `limits${++n}@example.com`, clock.now);
    clock.advance(STEP);
    return creator;
  }
  const codeAt = (key: Uint8Array, offsetSteps = 0) => totpCodeAt(key, clock.now(), offsetSteps);
  const wrongCode = (key: Uint8Array) => wrongTotpCode(key, clock.now());
  const signIn = (email: string, remoteAddress = '203.0.113.1', password = STRONG_PASSWORD) =>
    callFunction(t.app, 'signInWithPassword', { email, password }, { as: WEB_APP, remoteAddress });
  async function challenge(email: string, remoteAddress?: string): Promise<string> {
    const response = await signIn(email, remoteAddress);
    expect(response.json().result?.status, response.body).toBe('mfa-required');
    return response.json().result.mfaToken;
  }
  const complete = (mfaToken: string, code: string, remoteAddress = '203.0.113.1') =>
    callFunction(t.app, 'completeMfaSignIn', { mfaToken, code }, { as: WEB_APP, remoteAddress });
  const lockoutEmails = async (email: string) => (await queuedEmails(t, email)).filter((mail) => mail.tags?.includes('mfa-lockout'));

  /** `count` wrong codes over as many challenges as it takes (4 per challenge, under its own cap of 5). */
  async function failCodes(creator: { email: string; key: Uint8Array }, count: number, remoteAddress?: string) {
    const statuses: number[] = [];
    for (let left = count; left > 0; left -= 4) {
      const mfaToken = await challenge(creator.email, remoteAddress);
      for (let i = 0; i < Math.min(4, left); i++) statuses.push((await complete(mfaToken, wrongCode(creator.key), remoteAddress)).statusCode);
    }
    return statuses;
  }

  it(`checks the ${MFA_FAILURES_PER_ACCOUNT}th wrong code, refuses the next attempt even with the right code until the window passes`, async () => {
    const creator = await enrolled();
    clock.advance(12 * 60_000); // late in the window, so a challenge outlives it
    expect(await failCodes(creator, MFA_FAILURES_PER_ACCOUNT - 1)).toEqual(Array(MFA_FAILURES_PER_ACCOUNT - 1).fill(400));
    const mfaToken = await challenge(creator.email);
    expect(errorOf(await complete(mfaToken, wrongCode(creator.key)))).toEqual(WRONG_CODE); // the 10th is still checked
    const refused = await complete(mfaToken, codeAt(creator.key)); // the 11th attempt, right code
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual(TOO_MANY);
    // A fresh challenge, and another address, change nothing: the count is the account's.
    expect(errorOf(await complete(await challenge(creator.email, '198.51.100.7'), codeAt(creator.key), '198.51.100.7'))).toEqual(TOO_MANY);

    clock.set(new Date(Math.ceil(clock.now().getTime() / MFA_ACCOUNT_WINDOW_MS) * MFA_ACCOUNT_WINDOW_MS - 1000));
    expect(errorOf(await complete(mfaToken, codeAt(creator.key)))).toEqual(TOO_MANY); // 1 s before the window ends
    clock.advance(1000);
    const late = await complete(mfaToken, codeAt(creator.key)); // the challenge is 5 minutes old, still alive
    expect(late.json().result).toMatchObject({ status: 'signed-in', user: { uid: creator.userId } });
  });

  it(`lets the right code in after ${MFA_FAILURES_PER_ACCOUNT - 1} failures, and a success does not count as one`, async () => {
    const creator = await enrolled();
    await failCodes(creator, MFA_FAILURES_PER_ACCOUNT - 1);
    expect((await complete(await challenge(creator.email), codeAt(creator.key))).statusCode).toBe(200);
    clock.advance(STEP);
    const mfaToken = await challenge(creator.email);
    expect(errorOf(await complete(mfaToken, wrongCode(creator.key)))).toEqual(WRONG_CODE);
    expect(errorOf(await complete(mfaToken, codeAt(creator.key)))).toEqual(TOO_MANY);
  });

  it('refuses 21 fresh challenges × 5 wrong codes from one address after 10, and then the right code', async () => {
    const creator = await enrolled();
    const checked: string[] = [];
    const refusedCodes: number[] = [];
    const refusedSignIns: number[] = [];
    let lastToken = '';
    for (let round = 0; round < 21; round++) {
      const signedIn = await signIn(creator.email);
      if (signedIn.statusCode !== 200) {
        expect(errorOf(signedIn)).toEqual(TOO_MANY);
        refusedSignIns.push(round);
        continue;
      }
      lastToken = signedIn.json().result.mfaToken;
      for (let i = 0; i < 5; i++) {
        const response = await complete(lastToken, wrongCode(creator.key));
        if (response.statusCode === 429 && errorOf(response).message === MESSAGES.auth.tooManyAttempts) refusedCodes.push(round);
        else checked.push(errorOf(response).message);
      }
    }
    expect(checked).toHaveLength(MFA_FAILURES_PER_ACCOUNT);
    // A right password that still waits for its second factor stays counted by the password throttle.
    expect(refusedSignIns).toHaveLength(21 - SIGN_IN_FAILURES_PER_ACCOUNT);
    expect(errorOf(await complete(lastToken, codeAt(creator.key)))).toEqual(TOO_MANY);
  });

  it('mails the owner once per lockout, without any code or secret', async () => {
    const creator = await enrolled();
    await failCodes(creator, MFA_FAILURES_PER_ACCOUNT);
    const mfaToken = await challenge(creator.email);
    for (let i = 0; i < 3; i++) expect(errorOf(await complete(mfaToken, wrongCode(creator.key)))).toEqual(TOO_MANY);
    const [mail, ...more] = await lockoutEmails(creator.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Too many wrong sign-in codes on your Shopfront account');
    expect(mail?.text).toContain('paused for 15 minutes');
    expect(mail?.text).toContain('http://localhost:3000/login');
    for (const offset of [-1, 0, 1]) expect(`${mail?.text}${mail?.html}`).not.toContain(codeAt(creator.key, offset));

    clock.advance(MFA_ACCOUNT_WINDOW_MS); // the next window's lockout is a new one
    await failCodes(creator, MFA_FAILURES_PER_ACCOUNT);
    expect(await lockoutEmails(creator.email)).toHaveLength(2);
  });

  it(`limits one address to ${MFA_FAILURES_PER_IP} wrong codes an hour across accounts`, async () => {
    const accounts = MFA_FAILURES_PER_IP / MFA_FAILURES_PER_ACCOUNT;
    for (let i = 0; i < accounts; i++) {
      const creator = await enrolled();
      expect(await failCodes(creator, MFA_FAILURES_PER_ACCOUNT, '192.0.2.50')).toEqual(Array(MFA_FAILURES_PER_ACCOUNT).fill(400));
    }
    const next = await enrolled();
    expect(errorOf(await complete(await challenge(next.email, '192.0.2.50'), codeAt(next.key), '192.0.2.50'))).toEqual(TOO_MANY);
    expect(errorOf(await complete(await challenge(next.email, '192.0.2.50'), wrongCode(next.key), '192.0.2.50'))).toEqual(TOO_MANY);
    expect((await complete(await challenge(next.email, '192.0.2.51'), codeAt(next.key), '192.0.2.51')).statusCode).toBe(200);
    clock.advance(HOUR);
    const after = await enrolled();
    expect((await complete(await challenge(after.email, '192.0.2.50'), codeAt(after.key), '192.0.2.50')).statusCode).toBe(200);
  });

  it(`keeps a password sign-in counted until its second factor succeeds (${SIGN_IN_FAILURES_PER_ACCOUNT} per window)`, async () => {
    const creator = await enrolled();
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT + 2; i++) {
      expect((await complete(await challenge(creator.email), codeAt(creator.key))).statusCode).toBe(200);
      clock.advance(STEP);
    }
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ACCOUNT; i++) await challenge(creator.email); // abandoned
    const refused = await signIn(creator.email);
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual(TOO_MANY);
  });

  it(`locks the factor at ${MFA_CONSECUTIVE_FAILURES_MAX} consecutive failures over any period, until a password reset`, async () => {
    const creator = await enrolled();
    const windows = MFA_CONSECUTIVE_FAILURES_MAX / MFA_FAILURES_PER_ACCOUNT;
    for (let w = 0; w < windows; w++) {
      clock.set(new Date((Math.floor(clock.now().getTime() / HOUR) + 1) * HOUR)); // a new hour: new windows for all
      const statuses = await failCodes(creator, MFA_FAILURES_PER_ACCOUNT);
      expect(statuses).toEqual(Array(MFA_FAILURES_PER_ACCOUNT).fill(400));
    }
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.userId));
    expect(factor).toMatchObject({ consecutiveFailures: MFA_CONSECUTIVE_FAILURES_MAX, lockedAt: expect.any(Date) });
    const locked = await lockoutEmails(creator.email);
    expect(locked[0]?.text).toContain('reset your password');
    expect(locked).toHaveLength(windows); // one per window: the last one is the lock

    clock.advance(7 * 24 * HOUR);
    expect(errorOf(await complete(await challenge(creator.email), codeAt(creator.key)))).toEqual(TOO_MANY);

    expect((await callFunction(t.app, 'sendVerificationCode', { email: creator.email, type: 'password-reset' }, { as: WEB_APP })).statusCode).toBe(200);
    const code = await latestCode(t, creator.email);
    const newPassword = 'a brand new passphrase';
    const reset = await callFunction(t.app, 'confirmPasswordReset', { email: creator.email, code, newPassword }, { as: WEB_APP });
    expect(reset.json()).toEqual({ result: { reset: true } });
    const again = await callFunction(t.app, 'signInWithPassword', { email: creator.email, password: newPassword }, { as: WEB_APP });
    expect((await complete(again.json().result.mfaToken, codeAt(creator.key))).statusCode).toBe(200);
  });

  it(`counts failures in a row: ${MFA_CONSECUTIVE_FAILURES_MAX - 1} then a right code starts again; the ${MFA_CONSECUTIVE_FAILURES_MAX}th locks`, async () => {
    const creator = await enrolled();
    const setFailures = (count: number) => t.db.update(mfaFactors).set({ consecutiveFailures: count }).where(eq(mfaFactors.userId, creator.userId));
    const failures = async () => (await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.userId)))[0]?.consecutiveFailures;

    await setFailures(MFA_CONSECUTIVE_FAILURES_MAX - 2);
    const mfaToken = await challenge(creator.email);
    expect(errorOf(await complete(mfaToken, wrongCode(creator.key)))).toEqual(WRONG_CODE); // 99th
    expect((await complete(mfaToken, codeAt(creator.key))).statusCode).toBe(200);
    expect(await failures()).toBe(0);

    clock.advance(STEP);
    await setFailures(MFA_CONSECUTIVE_FAILURES_MAX - 1);
    const next = await challenge(creator.email);
    expect(errorOf(await complete(next, wrongCode(creator.key)))).toEqual(WRONG_CODE); // 100th: checked, then locked
    expect(errorOf(await complete(next, codeAt(creator.key)))).toEqual(TOO_MANY);
    expect((await lockoutEmails(creator.email))[0]?.text).toContain('reset your password');
  });
});
