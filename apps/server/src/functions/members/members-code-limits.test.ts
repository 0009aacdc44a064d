import { MESSAGES } from '@shopfront/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { rateLimits } from '#src/db/schema/index.ts';
import { CODE_FAILURES_EMAIL_WINDOW_MS, CODE_FAILURES_PER_EMAIL, CODE_MAX_ATTEMPTS, CODE_SEND_COOLDOWN_MS } from '#src/identity/limits.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { signUpCustomer } from './members-fixtures.ts';
import { signedInCreator } from '#src/testing/creators.ts';
import { createStoreAs } from '#src/testing/stores.ts';
import { callFunction, errorOf, WEB_APP } from '#src/testing/call-function.ts';
import { manualClock, moveToNextHourStart } from '#src/testing/clock.ts';
import { latestCode, wrongCode } from '#src/testing/emails.ts';

const clock = manualClock();
const V = MESSAGES.verification;

describe('members codes: limits that survive a new code', () => {
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

  it(`checks the ${CODE_FAILURES_PER_EMAIL}th wrong reset code of one customer across new codes, refuses the next until the window passes`, async () => {
    const creator = await signedInCreator(t, { now: clock.now() });
    const store = await createStoreAs(t, creator, `limits-shop-${++n}`);
    const email = `member${n}@example.com`;
    expect((await signUpCustomer(t, { storeId: store.id, email, password: 'plum-orchard-41' })).statusCode).toBe(200);
    const reset = (code: string) =>
      callFunction(
        t.app,
        'customerResetPassword',
        { storeId: store.id, email, code, password: 'river-stone-77', confirmPassword: 'river-stone-77' },
        { as: WEB_APP, remoteAddress: '203.0.113.30' },
      );
    const sendCode = async () => {
      clock.advance(CODE_SEND_COOLDOWN_MS);
      const sent = await callFunction(t.app, 'sendCustomerCode', { storeId: store.id, email, type: 'password-reset' }, { as: WEB_APP, remoteAddress: '203.0.113.31' });
      expect(sent.statusCode).toBe(200);
      return latestCode(t, email);
    };
    let failures = 0;
    while (failures < CODE_FAILURES_PER_EMAIL) {
      const code = await sendCode();
      for (let i = 0; i < CODE_MAX_ATTEMPTS - 1 && failures < CODE_FAILURES_PER_EMAIL; i++, failures++) {
        expect(errorOf(await reset(wrongCode(code, i + 1)))).toEqual({ status: 'INVALID_ARGUMENT', message: V.invalidCode });
      }
    }
    const code = await sendCode();
    expect(errorOf(await reset(code))).toEqual({ status: 'RESOURCE_EXHAUSTED', message: V.tooManyAttempts });
    clock.advance(CODE_FAILURES_EMAIL_WINDOW_MS);
    expect((await reset(await sendCode())).statusCode).toBe(200);
  });
});
