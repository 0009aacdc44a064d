import { AppError, MESSAGES } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { useVerificationCode } from '#src/identity/check-verification-code.ts';
import type { Transaction } from '#src/db/executor.ts';
import { assertNewPasswordAllowed, hashPassword } from '#src/identity/password.ts';
import type { CodePurpose } from '#src/identity/verification-codes.ts';
import { getMemberStore, type MemberStore } from './member-store.ts';

export interface MemberSessionOptions {
  userAgent: string | null;
  ip: string;
  now: Date;
}

export interface PasswordWithCode {
  db: Database;
  env: Env;
  storeId: string;
  email: string;
  code: string;
  password: string;
  confirmPassword: string;
  /** The client address: wrong codes are also throttled per address. */
  ip: string;
  now: Date;
}

/**
 * The shared half of members sign-up and password reset: the passwords must match and be allowed
 * (checked before the code is touched, so a typo does not use it up); then, in ONE transaction,
 * the store's code for this email and purpose is used up and `apply` writes the account. `apply`
 * answers an AppError to refuse: the transaction still commits, so a wrong code's try counts.
 */
export async function setPasswordWithCode<T>(
  options: PasswordWithCode & { purpose: CodePurpose },
  apply: (tx: Transaction, context: MemberStore & { passwordHash: string }) => Promise<T | AppError>,
): Promise<T> {
  const { db, email, now } = options;
  if (options.password !== options.confirmPassword) throw new AppError('invalid-argument', MESSAGES.validation.passwordsDoNotMatch);
  assertNewPasswordAllowed(options.password);
  const member = await getMemberStore(db, options.storeId);
  const passwordHash = await hashPassword(options.password);
  const outcome = await db.transaction(async (tx) => {
    try {
      await useVerificationCode(tx, options.env, { realm: member.tenantId, email, purpose: options.purpose, code: options.code, use: 'consume', ip: options.ip, now });
    } catch (error) {
      if (error instanceof AppError) return error;
      throw error;
    }
    return apply(tx, { ...member, passwordHash });
  });
  if (outcome instanceof AppError) throw outcome;
  return outcome;
}
