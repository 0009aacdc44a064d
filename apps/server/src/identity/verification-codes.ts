import { and, eq, sql } from 'drizzle-orm';
import { createHmac, randomInt } from 'node:crypto';
import { newId } from '../db/ids.ts';
import { verificationCodes } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import { deriveKey } from './app-secret.ts';
import type { Transaction } from '../db/executor.ts';
import { CODE_SEND_COOLDOWN_MS, CODE_TTL_MS } from './limits.ts';
import { countEmailSend, tooManyRequests } from './send-caps.ts';

export const CODE_PURPOSES = ['signup', 'password-reset'] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

export interface CodeBinding {
  realm: string;
  /** Canonical (the contracts lower-case and NFKC it). */
  email: string;
  purpose: CodePurpose;
}

/** 6 digits from the CSPRNG (SECURITY "Codes"). */
export function newVerificationCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

/** Codes are stored as an HMAC bound to (realm, email, purpose), keyed by the server secret. */
export function hashVerificationCode(env: Pick<Env, 'appSecret' | 'dataDir'>, binding: CodeBinding, code: string): string {
  return createHmac('sha256', deriveKey(env, 'verification-code'))
    .update([binding.realm, binding.email, binding.purpose, code].join('\0'))
    .digest('hex');
}

/**
 * Stores a fresh code for the binding, replacing the previous one, unless the 60 s cooldown of
 * the previous send is still running; then counts the per-email daily and per-IP hourly caps.
 * Must run in a transaction: a refused cap rolls the replacement back.
 */
export async function issueVerificationCode(
  tx: Transaction,
  env: Pick<Env, 'appSecret' | 'dataDir' | 'emailSendsPerIpPerHour'>,
  options: CodeBinding & { ip: string; now: Date },
): Promise<{ code: string }> {
  const { now } = options;
  const binding = { realm: options.realm, email: options.email, purpose: options.purpose };
  const code = newVerificationCode();
  const cooldownStart = new Date(now.getTime() - CODE_SEND_COOLDOWN_MS);
  const written = await tx
    .insert(verificationCodes)
    .values({
      id: newId('vcode'),
      ...binding,
      codeHash: hashVerificationCode(env, binding, code),
      attempts: 0,
      expiresAt: new Date(now.getTime() + CODE_TTL_MS),
      createdAt: now,
    })
    .onConflictDoUpdate({
      target: [verificationCodes.realm, verificationCodes.email, verificationCodes.purpose],
      set: {
        codeHash: sql`excluded.code_hash`,
        attempts: 0,
        expiresAt: sql`excluded.expires_at`,
        consumedAt: null,
        verifiedAt: null,
        createdAt: sql`excluded.created_at`,
      },
      setWhere: sql`${verificationCodes.createdAt} <= ${cooldownStart.toISOString()}::timestamptz`,
    })
    .returning({ id: verificationCodes.id });
  if (written.length === 0) {
    const [previous] = await tx
      .select({ createdAt: verificationCodes.createdAt })
      .from(verificationCodes)
      .where(bindingWhere(binding));
    const readyAt = (previous?.createdAt.getTime() ?? now.getTime()) + CODE_SEND_COOLDOWN_MS;
    throw tooManyRequests(Math.max(1, Math.ceil((readyAt - now.getTime()) / 1000)));
  }
  await countEmailSend(tx, { email: options.email, ip: options.ip, perIpPerHour: env.emailSendsPerIpPerHour, now });
  return { code };
}

export function bindingWhere(binding: CodeBinding) {
  return and(
    eq(verificationCodes.realm, binding.realm),
    eq(verificationCodes.email, binding.email),
    eq(verificationCodes.purpose, binding.purpose),
  );
}
