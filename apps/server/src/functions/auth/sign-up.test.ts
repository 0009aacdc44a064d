import { MESSAGES } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminConfig, credentials, sessions, users } from '#src/db/schema/index.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { hashToken } from '#src/identity/tokens.ts';
import { captureLogs, type LogCapture } from '#src/testing/log-capture.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { sessionSetCookie, signIn, STRONG_PASSWORD } from './auth-fixtures.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { latestCode, queuedEmails } from '#src/testing/emails.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock();
const MINUTE = 60_000;

describe('signUp', () => {
  let t: TestApp;
  let logs: LogCapture;

  beforeAll(async () => {
    logs = captureLogs('info');
    t = await createTestApp({ now: clock.now, logger: logs.logger });
  });
  beforeEach(async () => {
    await t.db.delete(adminConfig);
    clock.advance(DAY);
  });
  afterAll(() => t?.close());

  const DAY = 24 * 60 * MINUTE;
  const form = (email: string) => ({ email, password: STRONG_PASSWORD, firstName: 'Ada', lastName: 'Lovelace' });

  async function verifyEmail(email: string): Promise<string> {
    const sent = await callFunction(t.app, 'sendVerificationCode', { email, type: 'signup' }, { as: WEB_APP });
    expect(sent.json()).toEqual({ result: { sent: true, cooldownSeconds: 60 } });
    const code = await latestCode(t, email.trim().toLowerCase());
    const verified = await callFunction(t.app, 'verifyEmailCode', { email, code }, { as: WEB_APP });
    expect(verified.json()).toEqual({ result: { verified: true } });
    return code;
  }

  it('creates a verified creator with an argon2id password, signs in and queues the welcome email', async () => {
    const code = await verifyEmail('Ada@Example.com ');
    const response = await callFunction(t.app, 'signUp', form('ada@example.com'), { as: WEB_APP });
    expect(response.statusCode).toBe(200);
    const result = response.json().result;
    expect(result).toMatchObject({
      status: 'signed-in',
      user: { email: 'ada@example.com', firstName: 'Ada', lastName: 'Lovelace', role: 'creator', emailVerified: true, isAdmin: false, mfaEnabled: false },
    });
    const [user] = await t.db.select().from(users).where(eq(users.email, 'ada@example.com'));
    expect(user).toMatchObject({ role: 'creator', emailVerified: true, isActive: true, displayName: 'Ada Lovelace' });
    const [credential] = await t.db.select().from(credentials).where(eq(credentials.userId, user!.id));
    expect(credential!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // The session cookie and idToken name a stored session, kept only as a hash.
    expect(sessionSetCookie(response)).toContain(`sf_session=${result.idToken}`);
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, user!.id));
    expect(session!.tokenHash).toBe(hashToken(result.idToken));
    const me = await callFunction(t.app, 'getCurrentUser', null, { as: WEB_APP, headers: { cookie: `sf_session=${result.idToken}` } });
    expect(me.json().result).toMatchObject({ uid: user!.id, email: 'ada@example.com' });
    const emails = await queuedEmails(t, 'ada@example.com');
    expect(emails.map((email) => email.subject)).toEqual(['Welcome to Shopfront', `${code} is your Shopfront verification code`]);

    // SECURITY: no code, token or hash in any response body or log line.
    const logText = logs.lines().map((line) => JSON.stringify(line)).join('\n');
    for (const secret of [code, result.idToken, credential!.passwordHash, session!.tokenHash]) {
      expect(logText).not.toContain(secret);
      expect(response.body.replace(result.idToken, '')).not.toContain(secret);
    }
    expect(logText).toContain('"url":"/fn/signUp"');
  });

  it('refuses an email that was not verified, or verified more than 30 minutes ago', async () => {
    const unverified = await callFunction(t.app, 'signUp', form('grace@example.com'), { as: WEB_APP });
    expect(unverified.statusCode).toBe(400);
    expect(errorOf(unverified)).toEqual({ status: 'FAILED_PRECONDITION', message: MESSAGES.verification.failed });

    await verifyEmail('grace@example.com');
    clock.advance(30 * MINUTE + 1000);
    const late = await callFunction(t.app, 'signUp', form('grace@example.com'), { as: WEB_APP });
    expect(errorOf(late).message).toBe(MESSAGES.verification.failed);

    await verifyEmail('hedy@example.com');
    clock.advance(29 * MINUTE);
    expect((await callFunction(t.app, 'signUp', form('hedy@example.com'), { as: WEB_APP })).statusCode).toBe(200);
    // The verification is used up by the account it created.
    const again = await callFunction(t.app, 'signUp', form('hedy@example.com'), { as: WEB_APP });
    expect(errorOf(again).message).toBe(MESSAGES.verification.failed);
  });

  it('answers an existing account only after the email was verified, and creates nothing', async () => {
    await verifyEmail('linus@example.com');
    expect((await callFunction(t.app, 'signUp', form('linus@example.com'), { as: WEB_APP })).statusCode).toBe(200);
    clock.advance(MINUTE);
    await verifyEmail('linus@example.com');
    const response = await callFunction(t.app, 'signUp', { ...form('linus@example.com'), firstName: 'Other' }, { as: WEB_APP });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ status: 'ALREADY_EXISTS', message: MESSAGES.auth.emailAlreadyInUse });
    const rows = await t.db.select().from(users).where(eq(users.email, 'linus@example.com'));
    expect(rows.map((row) => row.firstName)).toEqual(['Ada']);
  });

  it('refuses common and too-short passwords; accepts 6 and 128 characters, never trimmed', async () => {
    await verifyEmail('margaret@example.com');
    const common = await callFunction(t.app, 'signUp', { ...form('margaret@example.com'), password: 'Password123' }, { as: WEB_APP });
    expect(errorOf(common)).toEqual({ status: 'INVALID_ARGUMENT', message: IDENTITY_MESSAGES.commonPassword });
    const short = await callFunction(t.app, 'signUp', { ...form('margaret@example.com'), password: 'x7#kQ' }, { as: WEB_APP });
    expect(errorOf(short).message).toBe(MESSAGES.validation.passwordTooShort);
    const long = await callFunction(t.app, 'signUp', { ...form('margaret@example.com'), password: 'a'.repeat(129) }, { as: WEB_APP });
    expect(errorOf(long).message).toBe(MESSAGES.validation.passwordTooLong);

    const padded = '  x7#kQz  '.padEnd(128, 'q');
    expect((await callFunction(t.app, 'signUp', { ...form('margaret@example.com'), password: padded }, { as: WEB_APP })).statusCode).toBe(200);
    expect((await signIn(t, 'margaret@example.com', padded.trim())).statusCode).toBe(401);
    expect((await signIn(t, 'margaret@example.com', padded)).statusCode).toBe(200);

    await verifyEmail('katherine@example.com');
    expect((await callFunction(t.app, 'signUp', { ...form('katherine@example.com'), password: 'x7#kQz' }, { as: WEB_APP })).statusCode).toBe(200);
  });

  describe('maintenance (spec §4)', () => {
    it('refuses signUp and signup codes with the configured message, but lets existing users sign in', async () => {
      await verifyEmail('ada2@example.com');
      await callFunction(t.app, 'signUp', form('ada2@example.com'), { as: WEB_APP });
      await verifyEmail('barbara@example.com');
      await t.db.insert(adminConfig).values({ maintenanceMode: true, maintenanceMessage: 'Back at noon.' });

      const send = await callFunction(t.app, 'sendVerificationCode', { email: 'new@example.com', type: 'signup' }, { as: WEB_APP });
      expect(send.statusCode).toBe(400);
      expect(errorOf(send)).toEqual({ status: 'FAILED_PRECONDITION', message: 'Back at noon.', details: { signupsOpen: false } });
      expect(await queuedEmails(t, 'new@example.com')).toEqual([]);
      const signUp = await callFunction(t.app, 'signUp', form('barbara@example.com'), { as: WEB_APP });
      expect(errorOf(signUp).message).toBe('Back at noon.');
      expect(await t.db.select().from(users).where(eq(users.email, 'barbara@example.com'))).toEqual([]);

      expect((await signIn(t, 'ada2@example.com', STRONG_PASSWORD)).statusCode).toBe(200);
      const reset = await callFunction(t.app, 'sendVerificationCode', { email: 'ada2@example.com', type: 'password-reset' }, { as: WEB_APP });
      expect(reset.statusCode).toBe(200);
    });

    it('refuses when signups are switched off outside maintenance (signups-closed message)', async () => {
      await t.db.insert(adminConfig).values({ maintenanceMode: false, allowSignups: false });
      const send = await callFunction(t.app, 'sendVerificationCode', { email: 'new2@example.com', type: 'signup' }, { as: WEB_APP });
      expect(errorOf(send).message).toBe(MESSAGES.screens.signupsNotOpen);
    });

    it('fails closed when the maintenance config cannot be read', async () => {
      await verifyEmail('closed@example.com');
      await t.db.execute(sql`alter table admin_config rename to admin_config_away`);
      try {
        const send = await callFunction(t.app, 'sendVerificationCode', { email: 'other@example.com', type: 'signup' }, { as: WEB_APP });
        expect(errorOf(send)).toMatchObject({ status: 'FAILED_PRECONDITION', message: MESSAGES.screens.signupsClosed });
        const signUp = await callFunction(t.app, 'signUp', form('closed@example.com'), { as: WEB_APP });
        expect(errorOf(signUp).message).toBe(MESSAGES.screens.signupsClosed);
      } finally {
        await t.db.execute(sql`alter table admin_config_away rename to admin_config`);
      }
      expect((await callFunction(t.app, 'signUp', form('closed@example.com'), { as: WEB_APP })).statusCode).toBe(200);
    });
  });
});
