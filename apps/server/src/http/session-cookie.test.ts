import { AppError, MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { customerCookieName, readCustomerSessionToken } from './session-cookie.ts';

const STORE = `store_${'a'.repeat(20)}`;

describe('customer cookie names (SECURITY: never built from unchecked input)', () => {
  it('is sfc_<storeId> for a well-formed store id', () => {
    expect(customerCookieName(STORE)).toBe(`sfc_${STORE}`);
  });

  it.each([
    'x; Domain=evil.example; Max-Age=99999; Path=/',
    'a\u0001b',
    `${STORE}\r\nSet-Cookie: evil=1`,
    `store_${'a'.repeat(19)}`,
    `prd_${'a'.repeat(20)}`,
    '',
  ])('refuses %j with invalid-argument', (storeId) => {
    expect(() => customerCookieName(storeId)).toThrow(new AppError('invalid-argument', MESSAGES.generic.invalidArgument));
  });

  it('reads no cookie for a malformed store id (a Bearer token still counts)', () => {
    const token = 't'.repeat(32);
    expect(readCustomerSessionToken({ cookie: `sfc_x=${token}` }, 'x')).toBeNull();
    expect(readCustomerSessionToken({ cookie: `sfc_${STORE}=${token}` }, STORE)).toBe(token);
    expect(readCustomerSessionToken({ authorization: `Bearer ${token}` }, 'x')).toBe(token);
  });
});
