import type { VerificationType } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { enqueueCodeEmail } from '#src/identity/identity-emails.ts';
import { CODE_SEND_COOLDOWN_MS, PLATFORM_REALM } from '#src/identity/limits.ts';
import { issueVerificationCode } from '#src/identity/verification-codes.ts';
import { assertSignupsOpen } from './assert-signups-open.ts';
import { findUserByEmail } from './find-or-create-user-by-email.ts';

export interface SendVerificationCodeOptions {
  db: Database;
  env: Env;
  email: string;
  type: VerificationType;
  ip: string;
  now: Date;
}

/**
 * Spec §7 sendVerificationCode / resendVerificationCode. A signup code is refused while signups
 * are closed (spec §4). A reset code is issued (cooldown and caps included) whether or not the
 * account exists, but only mailed when it does, so the answer reveals nothing (SECURITY).
 */
export async function sendVerificationCode(options: SendVerificationCodeOptions) {
  const { db, env, email, type, now } = options;
  if (type === 'signup') await assertSignupsOpen(db, now);
  await db.transaction(async (tx) => {
    const { code } = await issueVerificationCode(tx, env, { realm: PLATFORM_REALM, email, purpose: type, ip: options.ip, now });
    if (type === 'password-reset' && !(await findUserByEmail(tx, email))) return;
    await enqueueCodeEmail(tx, { email, purpose: type, code });
  });
  return { sent: true as const, cooldownSeconds: CODE_SEND_COOLDOWN_MS / 1000 };
}
