import { RECOVERY_CODE_COUNT } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mfaFactors, mfaRecoveryCodes, rateLimits, sessions } from '#src/db/schema/index.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { hashToken } from '#src/identity/tokens.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { enrolledCreator, signIn, STRONG_PASSWORD, totpCodeAt, wrongTotpCode } from './auth-fixtures.ts';

const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
const STEP = 30_000;
const M = IDENTITY_MESSAGES;
const WRONG_RECOVERY = { status: 'INVALID_ARGUMENT', message: M.recoveryCodeInvalid };
const WRONG_CODE = { status: 'INVALID_ARGUMENT', message: M.mfaCodeInvalid };

describe('recovery codes', () => {
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

  async function enrolled() {
    const creator = await enrolledCreator(t, `recovery${++n}@example.com`, clock.now);
    clock.advance(STEP);
    return creator;
  }
  const codeAt = (key: Uint8Array, offsetSteps = 0) => totpCodeAt(key, clock.now(), offsetSteps);
  const wrongTotp = (key: Uint8Array) => wrongTotpCode(key, clock.now());
  async function challenge(email: string): Promise<string> {
    const response = await signIn(t, email, STRONG_PASSWORD);
    expect(response.json().result?.status, response.body).toBe('mfa-required');
    return response.json().result.mfaToken;
  }
  const recover = (mfaToken: string, recoveryCode: string) =>
    callFunction(t.app, 'completeMfaSignInWithRecoveryCode', { mfaToken, recoveryCode }, { as: WEB_APP });
  const status = async (session: Record<string, string>) =>
    (await callFunction(t.app, 'getRecoveryCodeStatus', null, { as: WEB_APP, headers: session })).json().result;
  const usedEmails = async (email: string) => (await queuedEmails(t, email)).filter((mail) => mail.tags?.includes('recovery-code-used'));

  it(`answers ${RECOVERY_CODE_COUNT} distinct codes at enrolment, keeps only keyed hashes, and counts them`, async () => {
    const creator = await enrolled();
    expect(creator.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(creator.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of creator.recoveryCodes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/);
    const rows = await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, creator.userId));
    expect(rows).toHaveLength(RECOVERY_CODE_COUNT);
    const stored = JSON.stringify(rows);
    for (const code of creator.recoveryCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace('-', ''));
    }
    expect(await status(creator.session)).toEqual({ remaining: RECOVERY_CODE_COUNT, total: RECOVERY_CODE_COUNT, createdAt: expect.any(String) });
  });

  it('signs in with a recovery code once, as an MFA-verified session, and emails the owner without the code', async () => {
    const creator = await enrolled();
    const [code = ''] = creator.recoveryCodes;
    const response = await recover(await challenge(creator.email), code);
    expect(response.json().result).toMatchObject({ status: 'signed-in', user: { uid: creator.userId, mfaEnabled: true } });
    const [session] = await t.db.select().from(sessions).where(eq(sessions.tokenHash, hashToken(response.json().result.idToken)));
    expect(session?.mfaVerifiedAt).not.toBeNull();
    expect(await status(creator.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT - 1 });

    const [mail, ...more] = await usedEmails(creator.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('A recovery code was used on your Shopfront account');
    expect(mail?.text).toContain('used to sign in');
    expect(mail?.text).toContain(`You have ${RECOVERY_CODE_COUNT - 1} recovery codes left.`);
    expect(mail?.text).toContain('http://localhost:3000/dashboard/settings#security');
    for (const any of creator.recoveryCodes) expect(`${mail?.text}${mail?.html}`).not.toContain(any);

    // The same code on a fresh challenge: refused, and nothing more is used up.
    const again = await challenge(creator.email);
    expect(errorOf(await recover(again, code))).toEqual(WRONG_RECOVERY);
    expect(await status(creator.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT - 1 });
    // The challenge is still good for another, unused code.
    expect((await recover(again, creator.recoveryCodes[1] ?? '')).statusCode).toBe(200);
  });

  it('lets one of two parallel sign-ins with the same code through', async () => {
    const creator = await enrolled();
    const [first, second] = [await challenge(creator.email), await challenge(creator.email)];
    const code = creator.recoveryCodes[0] ?? '';
    const answers = await Promise.all([recover(first, code), recover(second, code)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(await status(creator.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT - 1 });
  });

  it('reads a code however it is typed: case, spaces, no dash, o for 0 and l for 1', async () => {
    const creator = await enrolled();
    const code = creator.recoveryCodes.find((c) => /[01]/.test(c)) ?? creator.recoveryCodes[0] ?? '';
    const typed = ` ${code.replace('-', ' ').toUpperCase().replace(/0/g, 'O').replace(/1/g, 'l')} `;
    expect((await recover(await challenge(creator.email), typed)).statusCode).toBe(200);
  });

  it("refuses a wrong code, a malformed one and another account's code alike, leaving the other account's code usable", async () => {
    const ada = await enrolled();
    const bob = await enrolled();
    const mfaToken = await challenge(ada.email);
    const bobsCode = bob.recoveryCodes[0] ?? '';
    const unknown = errorOf(await recover(mfaToken, 'zzzzz-zzzzz'));
    expect(unknown).toEqual(WRONG_RECOVERY);
    expect(errorOf(await recover(mfaToken, bobsCode))).toEqual(unknown);
    expect(errorOf(await recover(mfaToken, '123456'))).toEqual(unknown); // a TOTP code is not a recovery code
    expect(errorOf(await recover(mfaToken, 'not a code'))).toEqual(unknown);
    expect(await status(bob.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT });
    expect((await recover(await challenge(bob.email), bobsCode)).statusCode).toBe(200);
  });

  it('ends the challenge at the 5th wrong recovery code, like a TOTP code', async () => {
    const creator = await enrolled();
    const mfaToken = await challenge(creator.email);
    for (let i = 0; i < 4; i++) expect(errorOf(await recover(mfaToken, `zzzzz-zzzz${i}`))).toEqual(WRONG_RECOVERY);
    expect(errorOf(await recover(mfaToken, 'zzzzz-zzzz9'))).toEqual({ status: 'RESOURCE_EXHAUSTED', message: M.mfaTooManyAttempts });
    expect(errorOf(await recover(mfaToken, creator.recoveryCodes[0] ?? ''))).toEqual({ status: 'RESOURCE_EXHAUSTED', message: M.mfaTooManyAttempts });
    expect(await status(creator.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT });
  });

  it('regenerates a set only with a current second-factor code, voiding every old code', async () => {
    const creator = await enrolled();
    const regenerate = (code: string) => callFunction(t.app, 'regenerateRecoveryCodes', { code }, { as: WEB_APP, headers: creator.session });
    expect(errorOf(await regenerate(wrongTotp(creator.key)))).toEqual(WRONG_CODE);
    expect(errorOf(await regenerate('zzzzz-zzzzz'))).toEqual(WRONG_CODE);
    const fresh = (await regenerate(codeAt(creator.key))).json().result.recoveryCodes as string[];
    expect(fresh).toHaveLength(RECOVERY_CODE_COUNT);
    expect(fresh.filter((code) => creator.recoveryCodes.includes(code))).toEqual([]);
    expect(await status(creator.session)).toMatchObject({ remaining: RECOVERY_CODE_COUNT });

    const mfaToken = await challenge(creator.email);
    for (const old of creator.recoveryCodes.slice(0, 2)) expect(errorOf(await recover(mfaToken, old))).toEqual(WRONG_RECOVERY);
    expect((await recover(mfaToken, fresh[0] ?? '')).statusCode).toBe(200);
  });

  it('regenerates with an unused recovery code too (the phone is lost), and tells the owner', async () => {
    const creator = await enrolled();
    const response = await callFunction(t.app, 'regenerateRecoveryCodes', { code: creator.recoveryCodes[3] }, { as: WEB_APP, headers: creator.session });
    expect(response.json().result.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    const [mail] = await usedEmails(creator.email);
    expect(mail?.text).toContain('used to generate new recovery codes');
    expect(mail?.text).not.toContain('left');
  });

  it('refuses to regenerate without two-step verification, and signed out', async () => {
    const creator = await enrolled();
    expect((await callFunction(t.app, 'disableTotp', { code: codeAt(creator.key) }, { as: WEB_APP, headers: creator.session })).statusCode).toBe(200);
    clock.advance(STEP);
    const refused = await callFunction(t.app, 'regenerateRecoveryCodes', { code: codeAt(creator.key) }, { as: WEB_APP, headers: creator.session });
    expect(errorOf(refused)).toEqual({ status: 'FAILED_PRECONDITION', message: M.mfaNotEnabled });
    expect(await status(creator.session)).toEqual({ remaining: 0, total: RECOVERY_CODE_COUNT, createdAt: null });
    const anonymous = await callFunction(t.app, 'regenerateRecoveryCodes', { code: codeAt(creator.key) }, { as: WEB_APP });
    expect(errorOf(anonymous)).toMatchObject({ status: 'UNAUTHENTICATED' });
  });

  it('turns two-step verification off with a recovery code, removing every code', async () => {
    const creator = await enrolled();
    const off = await callFunction(t.app, 'disableTotp', { code: creator.recoveryCodes[0] }, { as: WEB_APP, headers: creator.session });
    expect(off.json()).toEqual({ result: { disabled: true } });
    expect(await t.db.select().from(mfaFactors).where(eq(mfaFactors.userId, creator.userId))).toEqual([]);
    expect(await t.db.select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, creator.userId))).toEqual([]);
    expect((await usedEmails(creator.email))[0]?.text).toContain('used to turn off two-step verification');
  });

  it('warns in the email from 2 codes left, not at 3', async () => {
    const creator = await enrolled();
    const codes = creator.recoveryCodes;
    for (const code of codes.slice(0, RECOVERY_CODE_COUNT - 3)) expect((await recover(await challenge(creator.email), code)).statusCode).toBe(200);
    expect((await usedEmails(creator.email))[0]?.text).toContain('You have 3 recovery codes left.');
    expect((await usedEmails(creator.email))[0]?.text).not.toContain('before you run out');
    expect((await recover(await challenge(creator.email), codes[RECOVERY_CODE_COUNT - 3] ?? '')).statusCode).toBe(200);
    expect((await usedEmails(creator.email))[0]?.text).toContain('You have 2 recovery codes left. Generate new ones in Settings › Security before you run out.');
    expect(await status(creator.session)).toMatchObject({ remaining: 2 });
  });
});
