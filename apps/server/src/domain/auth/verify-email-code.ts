import type { VerificationType } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { useVerificationCode } from '#src/identity/check-verification-code.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';

/**
 * Spec §7 verifyEmailCode. A signup code marks the email verified (signUp then has 30 minutes);
 * a reset code is only checked here (wrong tries still count) and used up by confirmPasswordReset.
 * Runs outside any transaction so a counted wrong try is never rolled back.
 */
export async function verifyEmailCode(options: {
  db: Database;
  env: Env;
  email: string;
  code: string;
  type: VerificationType;
  ip: string;
  now: Date;
}) {
  await useVerificationCode(options.db, options.env, {
    realm: PLATFORM_REALM,
    email: options.email,
    purpose: options.type,
    code: options.code,
    use: options.type === 'signup' ? 'verify' : 'check',
    ip: options.ip,
    now: options.now,
  });
  return { verified: true as const };
}
