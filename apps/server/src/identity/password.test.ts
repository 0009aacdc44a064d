import { MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS, isCommonPassword } from './common-passwords.ts';
import { IDENTITY_MESSAGES } from './messages.ts';
import { assertNewPasswordAllowed, hashPassword, verifyPassword } from './password.ts';

describe('passwords', () => {
  it('hashes with argon2id m=19456 t=2 p=1 and a fresh salt each time', async () => {
    const [first, second] = [await hashPassword('tr0ub4dor&3'), await hashPassword('tr0ub4dor&3')];
    expect(first).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    expect(second).not.toBe(first);
    expect(await verifyPassword(first, 'tr0ub4dor&3')).toBe(true);
    expect(await verifyPassword(first, 'tr0ub4dor&3 ')).toBe(false);
    expect(await verifyPassword('not a hash', 'tr0ub4dor&3')).toBe(false);
  });

  it('never truncates: a 128-character password differs from its 127-character prefix', async () => {
    const long = 'p'.repeat(127) + 'x';
    const hash = await hashPassword(long);
    expect(await verifyPassword(hash, long.slice(0, 127))).toBe(false);
    expect(await verifyPassword(hash, long)).toBe(true);
  });

  it('allows 6 to 128 characters and refuses common passwords whatever their case', () => {
    expect(() => assertNewPasswordAllowed('x7#kQ')).toThrow(MESSAGES.auth.weakPassword);
    expect(() => assertNewPasswordAllowed('x7#kQz')).not.toThrow();
    expect(() => assertNewPasswordAllowed('a'.repeat(128))).not.toThrow();
    expect(() => assertNewPasswordAllowed('a'.repeat(129))).toThrow(MESSAGES.validation.passwordTooLong);
    expect(() => assertNewPasswordAllowed('PassWord1')).toThrow(IDENTITY_MESSAGES.commonPassword);
    expect(isCommonPassword('QWERTY123')).toBe(true);
    expect(isCommonPassword('correct horse battery staple')).toBe(false);
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(200);
    for (const word of COMMON_PASSWORDS) expect(word.length).toBeGreaterThanOrEqual(6);
  });
});
