import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaFactors, rateLimits } from '#src/db/schema/index.ts';
import { MFA_ACCOUNT_WINDOW_MS, MFA_CONSECUTIVE_FAILURES_MAX, MFA_FAILURES_PER_ACCOUNT, MFA_FAILURES_PER_IP } from '#src/identity/limits.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { totpCode, totpStep } from '#src/identity/totp.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { enrolledCreator, STRONG_PASSWORD } from './auth-fixtures.ts';

const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
const STEP = 30_000;
const HOUR = 60 * 60_000;
const TOO_MANY = { status: 'RESOURCE_EXHAUSTED', message: MESSAGES.auth.tooManyAttempts };
const WRONG_RECOVERY = { status: 'INVALID_ARGUMENT', message: IDENTITY_MESSAGES.recoveryCodeInvalid };
const WRONG_CODE = { status: 'INVALID_ARGUMENT', message: IDENTITY_MESSAGES.mfaCodeInvalid };

/** Wrong recovery codes are second-factor failures: the TOTP code's windows, per account and per address (decision 017). */
describe('recovery-code limits', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.set(new Date(Math.ceil((clock.now().getTime() + 1) / HOUR) * HOUR + HOUR));
  });
  afterAll(() => t?.close());

  async function enrolled() {
    const creator = await enrolledCreator(t, `rc-limits${++n}@example.com`, clock.now);
    clock.advance(STEP);
    return creator;
  }
  const codeAt = (key: Uint8Array) => totpCode(key, totpStep(clock.now()));
  const wrongRecovery = (i: number) => `zzzzz-${String(i).padStart(5, '0')}`;
  async function challenge(email: string, remoteAddress = '203.0.113.1'): Promise<string> {
    const response = await callFunction(t.app, 'signInWithPassword', { email, password: STRONG_PASSWORD }, { as: WEB_APP, remoteAddress });
    expect(response.json().result?.status, response.body).toBe('mfa-required');
    return response.json().result.mfaToken;
  }
  const recover = (mfaToken: string, recoveryCode: string, remoteAddress = '203.0.113.1') =>
    callFunction(t.app, 'completeMfaSignInWithRecoveryCode', { mfaToken, recoveryCode }, { as: WEB_APP, remoteAddress });
  const totp = (mfaToken: string, code: string, remoteAddress = '203.0.113.1') =>
    callFunction(t.app, 'completeMfaSignIn', { mfaToken, code }, { as: WEB_APP, remoteAddress });

  /** `count` wrong recovery codes over as many challenges as it takes (4 per challenge, under its own cap of 5). */
  async function failRecovery(email: string, count: number, remoteAddress?: string) {
    const answers: unknown[] = [];
    for (let left = count; left > 0; left -= 4) {
      const mfaToken = await challenge(email, remoteAddress);
      for (let i = 0; i < Math.min(4, left); i++) answers.push(errorOf(await recover(mfaToken, wrongRecovery(left - i), remoteAddress)));
    }
    return answers;
  }

  it(`checks the ${MFA_FAILURES_PER_ACCOUNT}th wrong recovery code, then refuses the right one until the window ends`, async () => {
    const creator = await enrolled();
    expect(await failRecovery(creator.email, MFA_FAILURES_PER_ACCOUNT)).toEqual(Array(MFA_FAILURES_PER_ACCOUNT).fill(WRONG_RECOVERY));
    const mfaToken = await challenge(creator.email, '198.51.100.9'); // another address changes nothing: the count is the account's
    expect(errorOf(await recover(mfaToken, creator.recoveryCodes[0] ?? '', '198.51.100.9'))).toEqual(TOO_MANY);
    expect(errorOf(await totp(mfaToken, codeAt(creator.key), '198.51.100.9'))).toEqual(TOO_MANY);
    const lockout = (await queuedEmails(t, creator.email)).filter((mail) => mail.tags?.includes('mfa-lockout'));
    expect(lockout).toHaveLength(1);

    clock.set(new Date(Math.ceil(clock.now().getTime() / MFA_ACCOUNT_WINDOW_MS) * MFA_ACCOUNT_WINDOW_MS));
    const late = await recover(await challenge(creator.email), creator.recoveryCodes[0] ?? '');
    expect(late.json().result).toMatchObject({ status: 'signed-in', user: { uid: creator.userId } });
  });

  it(`lets the right recovery code in after ${MFA_FAILURES_PER_ACCOUNT - 1} failures mixed with wrong TOTP codes`, async () => {
    const creator = await enrolled();
    await failRecovery(creator.email, 5);
    const mfaToken = await challenge(creator.email);
    for (let i = 1; i <= 4; i++) expect(errorOf(await totp(mfaToken, String((Number(codeAt(creator.key)) + 500_000 + i) % 1_000_000).padStart(6, '0')))).toEqual(WRONG_CODE);
    expect((await recover(await challenge(creator.email), creator.recoveryCodes[0] ?? '')).statusCode).toBe(200);
    // 9 failures and a success: the success took nothing, so the 10th failure is still checked and the 11th attempt refused.
    const next = await challenge(creator.email);
    expect(errorOf(await recover(next, wrongRecovery(99)))).toEqual(WRONG_RECOVERY);
    expect(errorOf(await recover(next, creator.recoveryCodes[1] ?? ''))).toEqual(TOO_MANY);
  });

  it(`limits one address to ${MFA_FAILURES_PER_IP} wrong recovery codes an hour across accounts`, async () => {
    const address = '192.0.2.77';
    for (let i = 0; i < MFA_FAILURES_PER_IP / MFA_FAILURES_PER_ACCOUNT; i++) {
      const creator = await enrolled();
      expect(await failRecovery(creator.email, MFA_FAILURES_PER_ACCOUNT, address)).toEqual(Array(MFA_FAILURES_PER_ACCOUNT).fill(WRONG_RECOVERY));
    }
    const next = await enrolled();
    expect(errorOf(await recover(await challenge(next.email, address), next.recoveryCodes[0] ?? '', address))).toEqual(TOO_MANY);
    expect((await recover(await challenge(next.email, '192.0.2.78'), next.recoveryCodes[0] ?? '', '192.0.2.78')).statusCode).toBe(200);
    clock.advance(HOUR);
    expect((await recover(await challenge(next.email, address), next.recoveryCodes[1] ?? '', address)).statusCode).toBe(200);
  });

  it('counts wrong codes at regenerateRecoveryCodes and disableTotp in the same account window', async () => {
    const creator = await enrolled();
    const asOwner = { as: WEB_APP, headers: creator.session, remoteAddress: '203.0.113.5' };
    for (let i = 0; i < MFA_FAILURES_PER_ACCOUNT / 2; i++) {
      expect(errorOf(await callFunction(t.app, 'regenerateRecoveryCodes', { code: wrongRecovery(i) }, asOwner))).toEqual(WRONG_CODE);
      expect(errorOf(await callFunction(t.app, 'disableTotp', { code: wrongRecovery(50 + i) }, asOwner))).toEqual(WRONG_CODE);
    }
    expect(errorOf(await callFunction(t.app, 'regenerateRecoveryCodes', { code: codeAt(creator.key) }, asOwner))).toEqual(TOO_MANY);
    expect(errorOf(await callFunction(t.app, 'regenerateRecoveryCodes', { code: creator.recoveryCodes[0] }, asOwner))).toEqual(TOO_MANY);
    expect(errorOf(await recover(await challenge(creator.email), creator.recoveryCodes[0] ?? ''))).toEqual(TOO_MANY);
    clock.advance(MFA_ACCOUNT_WINDOW_MS);
    expect((await callFunction(t.app, 'regenerateRecoveryCodes', { code: codeAt(creator.key) }, asOwner)).statusCode).toBe(200);
  });

  it(`refuses recovery codes once the factor is locked by ${MFA_CONSECUTIVE_FAILURES_MAX} failures in a row`, async () => {
    const creator = await enrolled();
    await t.db.update(mfaFactors).set({ consecutiveFailures: MFA_CONSECUTIVE_FAILURES_MAX - 1 }).where(eq(mfaFactors.userId, creator.userId));
    const mfaToken = await challenge(creator.email);
    expect(errorOf(await recover(mfaToken, wrongRecovery(1)))).toEqual(WRONG_RECOVERY); // the 100th: checked, then locked
    expect(errorOf(await recover(mfaToken, creator.recoveryCodes[0] ?? ''))).toEqual(TOO_MANY);
    const [factor] = await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.userId));
    expect(factor?.lockedAt).toEqual(expect.any(Date));
  });
});
