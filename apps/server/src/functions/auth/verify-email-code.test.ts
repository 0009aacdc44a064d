import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationCodes } from '#src/db/schema/index.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { latestCode, wrongCode } from '#src/testing/emails.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const V = MESSAGES.verification;

/** Any 6 digits but the right ones. */

describe('verifyEmailCode', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  afterAll(() => t?.close());

  /** A fresh address per test (the per-IP hourly cap is moved past by the clock). */
  async function sendCode(type: 'signup' | 'password-reset' = 'signup') {
    clock.advance(2 * 60 * MINUTE);
    const email = `person${++n}@example.com`;
    expect((await callFunction(t.app, 'sendVerificationCode', { email, type }, { as: WEB_APP })).statusCode).toBe(200);
    return { email, code: await latestCode(t, email).catch(() => '') };
  }
  const verify = (email: string, code: string, type?: 'signup' | 'password-reset') =>
    callFunction(t.app, 'verifyEmailCode', { email, code, ...(type ? { type } : {}) }, { as: WEB_APP });

  it('accepts the right code after 4 wrong tries', async () => {
    const { email, code } = await sendCode();
    for (let i = 0; i < 4; i++) {
      const response = await verify(email, wrongCode(code));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message: V.invalidCode });
    }
    expect((await verify(email, code)).json()).toEqual({ result: { verified: true } });
  });

  it('voids the code at the 5th wrong try: even the right code is refused afterwards', async () => {
    const { email, code } = await sendCode();
    for (let i = 0; i < 4; i++) expect(errorOf(await verify(email, wrongCode(code))).message).toBe(V.invalidCode);
    const fifth = await verify(email, wrongCode(code));
    expect(fifth.statusCode).toBe(429);
    expect(errorOf(fifth)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: V.tooManyAttempts });
    const sixth = await verify(email, code);
    expect(errorOf(sixth)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: V.tooManyAttempts });
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.email, email));
    expect(row).toMatchObject({ attempts: 5, verifiedAt: null });
  });

  it('counts parallel wrong tries one by one (no more than 5 ever compared)', async () => {
    const { email, code } = await sendCode();
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => verify(email, wrongCode(String(Number(code) + i)))));
    const messages = answers.map((answer) => errorOf(answer).message).sort();
    expect(messages.filter((message) => message === V.invalidCode)).toHaveLength(4);
    expect(messages.filter((message) => message === V.tooManyAttempts)).toHaveLength(4);
  });

  it('accepts a code at 9:59 and refuses it as expired at 10:00', async () => {
    const early = await sendCode();
    clock.advance(9 * MINUTE + 59 * SECOND);
    expect((await verify(early.email, early.code)).statusCode).toBe(200);

    const late = await sendCode();
    clock.advance(10 * MINUTE);
    const response = await verify(late.email, late.code);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ status: 'FAILED_PRECONDITION', message: V.codeExpired });
  });

  it('gives exactly one success to two parallel correct submissions', async () => {
    const { email, code } = await sendCode();
    const answers = await Promise.all([verify(email, code), verify(email, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    const refused = answers.find((answer) => answer.statusCode === 409)!;
    expect(errorOf(refused)).toEqual({ status: 'ALREADY_EXISTS', message: V.alreadyVerified });
  });

  it('answers not found for an address without a code', async () => {
    const response = await verify('nobody@example.com', '123456');
    expect(response.statusCode).toBe(404);
    expect(errorOf(response)).toEqual({ status: 'NOT_FOUND', message: V.codeNotFound });
  });

  it('binds a code to its purpose, and a new send replaces the old code', async () => {
    const { email, code } = await sendCode('signup');
    expect(errorOf(await verify(email, code, 'password-reset')).message).toBe(V.codeNotFound);
    clock.advance(MINUTE);
    expect((await callFunction(t.app, 'resendVerificationCode', { email, type: 'signup' }, { as: WEB_APP })).statusCode).toBe(200);
    const fresh = await latestCode(t, email);
    if (fresh !== code) expect(errorOf(await verify(email, code)).message).toBe(V.invalidCode);
    expect((await verify(email, fresh)).statusCode).toBe(200);
  });

  it('refuses malformed codes before looking anything up', async () => {
    const response = await verify('someone@example.com', '12345a');
    expect(errorOf(response)).toMatchObject({ status: 'INVALID_ARGUMENT', message: MESSAGES.validation.verificationCodeInvalid });
  });
});
