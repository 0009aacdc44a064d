import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#src/db/schema/index.ts';
import { DEFAULT_EMAIL_SENDS_PER_IP_PER_HOUR as CODE_SENDS_PER_IP_PER_HOUR } from '#src/env.ts';
import { CODE_SENDS_PER_EMAIL_PER_DAY } from '#src/identity/limits.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { countCodeEmails, latestCode } from '#src/testing/emails.ts';
import { createCreator } from '#src/testing/creators.ts';
import { callFunction, errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';

const clock = manualClock(new Date('2030-01-01T00:00:00.000Z'));
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const TOO_MANY = MESSAGES.verification.tooManyRequests;

describe('sendVerificationCode / resendVerificationCode', () => {
  let t: TestApp;
  let hop = 0;
  /** Every request claims a new client address through a proxy header we do not trust. */
  const spoofed = () => ({ 'x-forwarded-for': `203.0.113.${++hop % 250}`, 'x-real-ip': `198.51.100.${hop % 250}` });
  const send = (email: string, type = 'signup', name = 'sendVerificationCode', remoteAddress?: string) =>
    callFunction(t.app, name, { email, type }, { headers: { origin: 'http://localhost:3000', ...spoofed() }, remoteAddress });

  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
  });
  beforeEach(async () => {
    await t.db.delete(rateLimits);
    clock.advance(24 * 60 * MINUTE);
  });
  afterAll(() => t?.close());

  it('refuses a second send within 60 s (59 s refused with retryAfterSeconds, 60 s sent), resend alike', async () => {
    expect((await send('cool@example.com')).statusCode).toBe(200);
    clock.advance(59 * SECOND);
    const early = await send('cool@example.com', 'signup', 'resendVerificationCode');
    expect(early.statusCode).toBe(429);
    expect(errorOf(early)).toEqual({ status: 'RESOURCE_EXHAUSTED', message: TOO_MANY, details: { retryAfterSeconds: 1 } });
    expect(await countCodeEmails(t, 'cool@example.com')).toBe(1);
    clock.advance(1 * SECOND);
    const onTime = await send('cool@example.com', 'signup', 'resendVerificationCode');
    expect(onTime.json()).toEqual({ result: { sent: true, cooldownSeconds: 60 } });
    expect(await countCodeEmails(t, 'cool@example.com')).toBe(2);
  });

  it(`caps one address at ${CODE_SENDS_PER_EMAIL_PER_DAY} codes a day, whatever client address it claims`, async () => {
    clock.set(new Date('2031-03-03T00:00:00.000Z'));
    for (let i = 0; i < CODE_SENDS_PER_EMAIL_PER_DAY; i++) {
      const response = await send('daily@example.com', 'signup', undefined, `10.0.${i}.1`);
      expect(response.statusCode, `send ${i + 1}`).toBe(200);
      clock.advance(MINUTE);
    }
    const over = await send('daily@example.com', 'signup', undefined, '10.9.9.9');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over).message).toBe(TOO_MANY);
    expect(await countCodeEmails(t, 'daily@example.com')).toBe(CODE_SENDS_PER_EMAIL_PER_DAY);
    // The cap counts resends and reset codes to the same address too.
    expect((await send('daily@example.com', 'password-reset')).statusCode).toBe(429);
    clock.set(new Date('2031-03-04T00:00:00.000Z'));
    expect((await send('daily@example.com')).statusCode).toBe(200);
  });

  it(`caps one client address at ${CODE_SENDS_PER_IP_PER_HOUR} sends an hour; rotating X-Forwarded-For changes nothing`, async () => {
    clock.set(new Date('2031-05-05T10:00:00.000Z'));
    for (let i = 0; i < CODE_SENDS_PER_IP_PER_HOUR; i++) {
      expect((await send(`ip${i}@example.com`)).statusCode, `send ${i + 1}`).toBe(200);
    }
    const over = await send('ip-over@example.com');
    expect(over.statusCode).toBe(429);
    expect(errorOf(over)).toMatchObject({ message: TOO_MANY, details: { retryAfterSeconds: 3600 } });
    await expect(latestCode(t, 'ip-over@example.com')).rejects.toThrow();
    // Another real client is not affected; the next hour this one may send again.
    expect((await send('other-client@example.com', 'signup', undefined, '192.0.2.7')).statusCode).toBe(200);
    clock.set(new Date('2031-05-05T11:00:00.000Z'));
    expect((await send('ip-over@example.com')).statusCode).toBe(200);
  });

  it('takes the operator’s own per-address cap from EMAIL_SENDS_PER_IP_PER_HOUR: 3 pass, the 4th is refused', async () => {
    const strict = await createTestApp({ env: testEnv({ EMAIL_SENDS_PER_IP_PER_HOUR: '3' }), now: clock.now });
    try {
      const sendTo = (email: string) => callFunction(strict.app, 'sendVerificationCode', { email, type: 'signup' }, { headers: { origin: 'http://localhost:3000' } });
      for (let i = 0; i < 3; i++) expect((await sendTo(`strict${i}@example.com`)).statusCode, `send ${i + 1}`).toBe(200);
      const over = await sendTo('strict-over@example.com');
      expect(over.statusCode).toBe(429);
      expect(errorOf(over).message).toBe(TOO_MANY);
    } finally {
      await strict.close();
    }
  });

  it('answers a reset request the same whether or not the account exists, and mails only a real account', async () => {
    await createCreator(t, { email: 'real@example.com' });
    const real = await send('real@example.com', 'password-reset');
    const ghost = await send('ghost@example.com', 'password-reset');
    expect([real.statusCode, ghost.statusCode]).toEqual([200, 200]);
    expect(ghost.body).toBe(real.body);
    expect(await countCodeEmails(t, 'real@example.com')).toBe(1);
    expect(await countCodeEmails(t, 'ghost@example.com')).toBe(0);
    // Cooldown behaves the same for both, so it reveals nothing either.
    const [realAgain, ghostAgain] = [await send('real@example.com', 'password-reset'), await send('ghost@example.com', 'password-reset')];
    expect(ghostAgain.statusCode).toBe(429);
    expect(ghostAgain.body).toBe(realAgain.body);
  });

  it('refuses an invalid email and an unknown type', async () => {
    expect(errorOf(await send('not-an-email')).message).toBe(MESSAGES.validation.invalidEmail);
    expect((await send('a@example.com', 'login')).statusCode).toBe(400);
  });
});
