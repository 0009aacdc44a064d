import { MESSAGES } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminConfig, rateLimits, users } from '#src/db/schema/index.ts';
import { IDENTITY_MESSAGES } from '#src/identity/messages.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { sessionSetCookie } from './auth-fixtures.ts';
import { createCreator } from '#src/testing/creators.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { queuedEmails } from '#src/testing/emails.ts';

const clock = manualClock();
const MINUTE = 60_000;
const M = IDENTITY_MESSAGES;

describe('sendSignInLink / signInWithEmailLink', () => {
  let t: TestApp;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    await t.db.delete(adminConfig);
    clock.advance(60 * MINUTE);
  });
  afterAll(() => t?.close());

  async function sendLink(email: string, continueUrl = '/dashboard/products') {
    const response = await callFunction(t.app, 'sendSignInLink', { email, continueUrl }, { as: WEB_APP });
    expect(response.json()).toEqual({ result: { sent: true } });
    const [message] = await queuedEmails(t, email);
    const url = new URL(/https?:\/\/\S+/.exec(message!.text)![0]);
    return { url, token: url.searchParams.get('token')! };
  }
  const useLink = (email: string, token: string) => callFunction(t.app, 'signInWithEmailLink', { email, token }, { as: WEB_APP });

  it('mails a 15-minute link to our own page and signs in (creating a verified creator) once', async () => {
    const email = `new${++n}@example.com`;
    const { url, token } = await sendLink(email);
    expect(`${url.origin}${url.pathname}`).toBe('http://localhost:3000/login/email-link');
    expect(url.searchParams.get('email')).toBe(email);
    expect(url.searchParams.get('continueUrl')).toBe('/dashboard/products');

    const response = await useLink(email, token);
    expect(response.statusCode).toBe(200);
    expect(response.json().result).toMatchObject({ status: 'signed-in', user: { email, role: 'creator', emailVerified: true } });
    expect(sessionSetCookie(response)).toBeDefined();
    const again = await useLink(email, token);
    expect(errorOf(again)).toEqual({ status: 'FAILED_PRECONDITION', message: M.linkInvalid });
  });

  it('works at 14:59 and is expired at 15:00', async () => {
    const email = `old${++n}@example.com`;
    await createCreator(t, { email });
    const early = await sendLink(email);
    clock.advance(14 * MINUTE + 59_000);
    expect((await useLink(email, early.token)).statusCode).toBe(200);
    const late = await sendLink(email);
    clock.advance(15 * MINUTE);
    expect(errorOf(await useLink(email, late.token)).message).toBe(M.linkExpired);
  });

  it('is bound to its email', async () => {
    const { token } = await sendLink(`bound${++n}@example.com`);
    expect(errorOf(await useLink('someone-else@example.com', token)).message).toBe(M.linkInvalid);
    expect(errorOf(await useLink(`bound${n}@example.com`, 'x'.repeat(43))).message).toBe(M.linkInvalid);
    expect((await useLink(`bound${n}@example.com`, token)).statusCode).toBe(200);
  });

  it.each(['//evil.example', '/\\evil.example', '/%2F%2Fevil.example', 'javascript:alert(1)', 'https://evil.example/x'])(
    'refuses the continue URL %s',
    async (continueUrl) => {
      const response = await callFunction(t.app, 'sendSignInLink', { email: 'x@example.com', continueUrl }, { as: WEB_APP });
      expect(errorOf(response)).toEqual({ status: 'INVALID_ARGUMENT', message: M.continueUrlInvalid });
    },
  );

  it('accepts an absolute continue URL on one of our origins', async () => {
    const { url } = await sendLink(`abs${++n}@example.com`, 'https://app.example.com/dashboard');
    expect(url.searchParams.get('continueUrl')).toBe('https://app.example.com/dashboard');
  });

  it('creates no account while signups are closed, keeps the link usable, and still signs existing users in', async () => {
    const newcomer = `closed${++n}@example.com`;
    const { token } = await sendLink(newcomer);
    await createCreator(t, { email: `member${n}@example.com` });
    const member = await sendLink(`member${n}@example.com`);
    await t.db.insert(adminConfig).values({ maintenanceMode: true, maintenanceMessage: 'Back soon.' });
    const refused = await useLink(newcomer, token);
    expect(errorOf(refused)).toMatchObject({ status: 'FAILED_PRECONDITION', message: 'Back soon.' });
    expect(await t.db.select().from(users).where(eq(users.email, newcomer))).toEqual([]);
    expect((await useLink(`member${n}@example.com`, member.token)).statusCode).toBe(200);
    await t.db.delete(adminConfig);
    expect((await useLink(newcomer, token)).statusCode).toBe(200);
  });

  it('refuses a disabled account', async () => {
    await createCreator(t, { email: `off${++n}@example.com`, isActive: false });
    const { token } = await sendLink(`off${n}@example.com`);
    expect(errorOf(await useLink(`off${n}@example.com`, token)).message).toBe(MESSAGES.auth.userDisabled);
  });
});
