import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { credentials, rateLimits, sessions } from '#src/db/schema/index.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { captureLogs, type LogCapture } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signedInToken, signIn, STRONG_PASSWORD } from './auth-fixtures.ts';
import { bearer, callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { createCreator } from '#src/testing/creators.ts';
import { latestCode } from '#src/testing/emails.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const HOUR = 60 * 60_000;
const NEW_PASSWORD = 'a brand new passphrase';
const V = MESSAGES.verification;

describe('confirmPasswordReset', () => {
  let t: TestApp;
  let logs: LogCapture;
  let n = 0;

  beforeAll(async () => {
    logs = captureLogs('info');
    t = await createTestApp({ now: clock.now, logger: logs.logger });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.advance(2 * HOUR);
  });
  afterAll(() => t?.close());

  async function creatorWithResetCode() {
    const email = `reset${++n}@example.com`;
    const userId = await createCreator(t, { email, password: STRONG_PASSWORD });
    const token = await signedInToken(t, email, STRONG_PASSWORD);
    expect((await callFunction(t.app, 'sendVerificationCode', { email, type: 'password-reset' }, { as: WEB_APP })).statusCode).toBe(200);
    return { email, userId, token, code: await latestCode(t, email) };
  }
  const confirm = (email: string, code: string, newPassword = NEW_PASSWORD) =>
    callFunction(t.app, 'confirmPasswordReset', { email, code, newPassword }, { as: WEB_APP });

  it('really changes the password and ends every old session', async () => {
    const { email, userId, token, code } = await creatorWithResetCode();
    const [before] = await t.db.select().from(credentials).where(eq(credentials.userId, userId));
    // The reset screen's verify step checks the code without using it up.
    expect((await callFunction(t.app, 'verifyEmailCode', { email, code, type: 'password-reset' }, { as: WEB_APP })).json()).toEqual({ result: { verified: true } });
    const response = await confirm(email, code);
    expect(response.json()).toEqual({ result: { reset: true } });

    expect((await callFunction(t.app, 'getCurrentUser', null, { headers: bearer(token) })).json()).toEqual({ result: null });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, userId))).toEqual([]);
    expect(errorOf(await signIn(t, email, STRONG_PASSWORD)).message).toBe(MESSAGES.auth.invalidCredentials);
    expect((await signIn(t, email, NEW_PASSWORD)).statusCode).toBe(200);
    const [after] = await t.db.select().from(credentials).where(eq(credentials.userId, userId));
    expect(after!.passwordHash).not.toBe(before!.passwordHash);
    expect(after!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);

    const logText = logs.lines().map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [code, token, after!.passwordHash, NEW_PASSWORD]) expect(logText).not.toContain(secret);
  });

  it('uses the code once: a second confirm is refused, and so is one of two parallel confirms', async () => {
    const first = await creatorWithResetCode();
    expect((await confirm(first.email, first.code)).statusCode).toBe(200);
    const again = await confirm(first.email, first.code, 'yet another passphrase');
    expect(errorOf(again)).toEqual({ status: 'NOT_FOUND', message: V.codeNotFound });
    expect((await signIn(t, first.email, NEW_PASSWORD)).statusCode).toBe(200);

    const second = await creatorWithResetCode();
    const answers = await Promise.all([confirm(second.email, second.code, 'parallel one pass'), confirm(second.email, second.code, 'parallel two pass')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 404]);
  });

  it('counts wrong codes, at the verify step and at confirm alike, and voids the code at the 5th', async () => {
    const { email, code } = await creatorWithResetCode();
    const wrong = String((Number(code) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 2; i++) {
      expect(errorOf(await callFunction(t.app, 'verifyEmailCode', { email, code: wrong, type: 'password-reset' }, { as: WEB_APP })).message).toBe(V.invalidCode);
    }
    for (let i = 0; i < 2; i++) expect(errorOf(await confirm(email, wrong)).message).toBe(V.invalidCode);
    expect(errorOf(await confirm(email, wrong)).message).toBe(V.tooManyAttempts);
    expect(errorOf(await confirm(email, code)).message).toBe(V.tooManyAttempts);
    expect((await signIn(t, email, STRONG_PASSWORD)).statusCode).toBe(200);
  });

  it('checks the new password before touching the code', async () => {
    const { email, code } = await creatorWithResetCode();
    expect(errorOf(await confirm(email, code, 'qwerty123')).message).toBe(IDENTITY_MESSAGES.commonPassword);
    expect((await confirm(email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code (10 minutes)', async () => {
    const { email, code } = await creatorWithResetCode();
    clock.advance(10 * 60_000);
    expect(errorOf(await confirm(email, code))).toEqual({ status: 'FAILED_PRECONDITION', message: V.codeExpired });
  });

  it('answers a reset for an address without an account like a wrong code', async () => {
    expect((await callFunction(t.app, 'sendVerificationCode', { email: 'ghost@example.com', type: 'password-reset' }, { as: WEB_APP })).statusCode).toBe(200);
    const response = await confirm('ghost@example.com', '000000');
    expect(errorOf(response).message).toBe(V.invalidCode);
  });
});
