import { AppError, MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shopfront/core';
import { hash, verify, type Options } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import { isCommonPassword } from './common-passwords.ts';
import { IDENTITY_MESSAGES } from './messages.ts';

/** SECURITY: argon2id, m ≥ 19 MiB, t ≥ 2, p = 1 (OWASP's first recommended setting). */
export const PASSWORD_HASH_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, unusable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const satisfies Options;

/**
 * A new password: spec §5 at least 6, SECURITY at most 128, never trimmed or truncated (the
 * contracts already enforce the lengths; this is the server's own guard), common ones refused.
 */
export function assertNewPasswordAllowed(password: string): void {
  if (password.length < PASSWORD_MIN_LENGTH) throw new AppError('invalid-argument', MESSAGES.auth.weakPassword);
  if (password.length > PASSWORD_MAX_LENGTH) throw new AppError('invalid-argument', MESSAGES.validation.passwordTooLong);
  if (isCommonPassword(password)) throw new AppError('invalid-argument', IDENTITY_MESSAGES.commonPassword);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, PASSWORD_HASH_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false; // a malformed stored hash never signs anyone in
  }
}

let dummyHash: Promise<string> | null = null;

/**
 * SECURITY "similar timing": sign-in with an unknown email still runs one argon2 verification,
 * against a hash with the same parameters, and always fails.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  await verifyPassword(await dummyHash, password);
  return false;
}
