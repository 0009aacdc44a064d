import { MESSAGES } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits, verificationCodes } from '#src/db/schema/index.ts';
import {
  CODE_FAILURES_EMAIL_WINDOW_MS, CODE_FAILURES_PER_EMAIL, CODE_FAILURES_PER_IP, CODE_MAX_ATTEMPTS, CODE_SEND_COOLDOWN_MS,
  LINK_FAILURES_EMAIL_WINDOW_MS, LINK_FAILURES_PER_EMAIL, LINK_FAILURES_PER_IP,
} from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { STRONG_PASSWORD } from './auth-fixtures.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
import { manualClock, moveToNextHourStart } from '#src/testing/clock.ts';
import { latestCode, queuedEmails, wrongCode } from '#src/testing/emails.ts';

const clock = manualClock();
const V = MESSAGES.verification;
const CODE_THROTTLED = { status: 'RESOURCE_EXHAUSTED', message: V.tooManyAttempts };
const LINK_THROTTLED = { status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts };


describe('verification codes and sign-in links: limits that survive a new code', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    moveToNextHourStart(clock);
  });
  afterAll(() => t?.close());

  const opts = (remoteAddress: string) => ({ as: WEB_APP, remoteAddress });
  async function sendResetCode(email: string, remoteAddress = '203.0.113.9') {
    const sent = await callFunction(t.app, 'sendVerificationCode', { email, type: 'password-reset' }, opts(remoteAddress));
    expect(sent.statusCode, sent.body).toBe(200);
    return latestCode(t, email);
  }
  const verify = (email: string, code: string, remoteAddress = '203.0.113.9') =>
    callFunction(t.app, 'verifyEmailCode', { email, code, type: 'password-reset' }, opts(remoteAddress));
  const attemptsOf = async (email: string) =>
    (await t.db.select().from(verificationCodes).where(and(eq(verificationCodes.email, email), eq(verificationCodes.purpose, 'password-reset'))))[0]?.attempts;

  it(`checks the ${CODE_FAILURES_PER_EMAIL}th wrong code of one email across new codes, refuses the next until the window passes`, async () => {
    const email = `codes${++n}@example.com`;
    await createCreator(t, { email, password: STRONG_PASSWORD });
    let code: string;
    for (let failures = 0; failures < CODE_FAILURES_PER_EMAIL - 1; ) {
      code = await sendResetCode(email);
      for (let i = 0; i < CODE_MAX_ATTEMPTS - 1 && failures < CODE_FAILURES_PER_EMAIL - 1; i++, failures++) {
        expect(errorOf(await verify(email, wrongCode(code, i + 1))).message).toBe(V.invalidCode);
      }
      clock.advance(CODE_SEND_COOLDOWN_MS);
    }
    code = await sendResetCode(email);
    expect(errorOf(await verify(email, wrongCode(code)))).toEqual({ status: 'INVALID_ARGUMENT', message: V.invalidCode }); // the 10th
    const refused = await verify(email, code, '198.51.100.20'); // the right code, from another address
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual(CODE_THROTTLED);
    expect(await attemptsOf(email)).toBe(1); // refused before it was compared
    const reset = await callFunction(t.app, 'confirmPasswordReset', { email, code, newPassword: 'another good passphrase' }, opts('203.0.113.9'));
    expect(errorOf(reset)).toEqual(CODE_THROTTLED);

    clock.set(new Date(Math.ceil(clock.now().getTime() / CODE_FAILURES_EMAIL_WINDOW_MS) * CODE_FAILURES_EMAIL_WINDOW_MS - 5 * 60_000));
    code = await sendResetCode(email);
    clock.advance(5 * 60_000 - 1000);
    expect(errorOf(await verify(email, code))).toEqual(CODE_THROTTLED); // 1 s before the window ends
    clock.advance(1000);
    expect((await verify(email, code)).json()).toEqual({ result: { verified: true } });
  });

  it(`limits one address to ${CODE_FAILURES_PER_IP} wrong codes an hour across emails`, async () => {
    const emails = CODE_FAILURES_PER_IP / CODE_MAX_ATTEMPTS;
    for (let i = 0; i < emails; i++) {
      const email = `spray${++n}@example.com`;
      await createCreator(t, { email, password: STRONG_PASSWORD });
      const code = await sendResetCode(email, '192.0.2.1');
      for (let k = 0; k < CODE_MAX_ATTEMPTS; k++) expect((await verify(email, wrongCode(code, k + 1), '192.0.2.99')).statusCode).not.toBe(200);
    }
    const email = `spray${++n}@example.com`;
    await createCreator(t, { email, password: STRONG_PASSWORD });
    const code = await sendResetCode(email, '192.0.2.1');
    expect(errorOf(await verify(email, code, '192.0.2.99'))).toEqual(CODE_THROTTLED);
    expect((await verify(email, code, '192.0.2.100')).statusCode).toBe(200);
  });

  describe('sign-in links', () => {
    const useLink = (email: string, token: string, remoteAddress = '203.0.113.40') =>
      callFunction(t.app, 'signInWithEmailLink', { email, token }, opts(remoteAddress));
    async function sendLink(email: string) {
      expect((await callFunction(t.app, 'sendSignInLink', { email, continueUrl: '/dashboard' }, opts('203.0.113.41'))).statusCode).toBe(200);
      const [message] = await queuedEmails(t, email);
      return new URL(/https?:\/\/\S+/.exec(message!.text)![0]).searchParams.get('token')!;
    }
    const forged = (i: number) => `forged-token-${i}`.padEnd(43, 'x');

    it(`refuses a valid link after ${LINK_FAILURES_PER_EMAIL} refused ones for its email, until the window passes`, async () => {
      const email = `link${++n}@example.com`;
      clock.advance(12 * 60_000); // late in the window, so the link outlives it
      for (let i = 0; i < LINK_FAILURES_PER_EMAIL; i++) expect(errorOf(await useLink(email, forged(i))).message).toBe(IDENTITY_MESSAGES.linkInvalid);
      const token = await sendLink(email);
      expect(errorOf(await useLink(email, token, '198.51.100.41'))).toEqual(LINK_THROTTLED);
      clock.set(new Date(Math.ceil(clock.now().getTime() / LINK_FAILURES_EMAIL_WINDOW_MS) * LINK_FAILURES_EMAIL_WINDOW_MS - 1000));
      expect(errorOf(await useLink(email, token))).toEqual(LINK_THROTTLED); // 1 s before the window ends
      clock.advance(1000);
      expect((await useLink(email, token)).statusCode).toBe(200);
    });

    it(`limits one address to ${LINK_FAILURES_PER_IP} refused links an hour across emails`, async () => {
      for (let i = 0; i < LINK_FAILURES_PER_IP; i++) {
        expect(errorOf(await useLink(`spray-link${i}-${++n}@example.com`, forged(i), '192.0.2.60')).message).toBe(IDENTITY_MESSAGES.linkInvalid);
      }
      const email = `link${++n}@example.com`;
      const token = await sendLink(email);
      expect(errorOf(await useLink(email, token, '192.0.2.60'))).toEqual(LINK_THROTTLED);
      expect((await useLink(email, token, '192.0.2.61')).statusCode).toBe(200);
    });
  });
});
