import { RECOVERY_CODE_COUNT } from '@shopfront/core';
import { and, count, eq, isNull, min } from 'drizzle-orm';
import { createHmac, randomBytes } from 'node:crypto';
import { mfaRecoveryCodes } from '../db/schema/index.ts';
import type { Executor } from '../db/executor.ts';
import type { Env } from '../env.ts';
import { deriveKey } from './app-secret.ts';

type SecretEnv = Pick<Env, 'appSecret' | 'dataDir'>;

/** Crockford's base32, lower-case: no i, l, o or u, so a code read aloud or copied by hand survives. */
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz';
const LENGTH = 10;

/** 10 characters of 32 (50 bits, no modulo bias: 256 is a multiple of 32), shown as `xxxxx-xxxxx`. */
export function newRecoveryCode(): string {
  const chars = [...randomBytes(LENGTH)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/**
 * The canonical form of a typed code, or null when it cannot be one: case, spaces and dashes do not
 * matter, and the letters Crockford reads as digits (o → 0, i and l → 1) are read so.
 */
export function normalizeRecoveryCode(typed: string): string | null {
  const text = typed.normalize('NFKC').toLowerCase().replace(/[\s-]+/g, '').replace(/o/g, '0').replace(/[il]/g, '1');
  return text.length === LENGTH && [...text].every((char) => ALPHABET.includes(char)) ? text : null;
}

/** Stored as an HMAC keyed by the server secret and bound to the user, so a code is only ever its owner's. */
export function hashRecoveryCode(env: SecretEnv, userId: string, normalized: string): string {
  return createHmac('sha256', deriveKey(env, 'recovery-code')).update(`${userId}\0${normalized}`).digest('hex');
}

/** A new set for the user's factor, replacing (and so voiding) the old one. Run it in the caller's transaction. */
export async function replaceRecoveryCodes(db: Executor, env: SecretEnv, options: { userId: string; now: Date }): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await db.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, options.userId));
  await db.insert(mfaRecoveryCodes).values(
    codes.map((code) => ({
      userId: options.userId,
      codeHash: hashRecoveryCode(env, options.userId, normalizeRecoveryCode(code) ?? ''),
      createdAt: options.now,
    })),
  );
  return codes;
}

/**
 * Uses one of the user's codes up in a single conditional UPDATE, so a code works once even under
 * two parallel submissions. False for a malformed, unknown, used or another user's code.
 */
export async function useRecoveryCode(db: Executor, env: SecretEnv, options: { userId: string; code: string; now: Date }): Promise<boolean> {
  const normalized = normalizeRecoveryCode(options.code);
  if (!normalized) return false;
  const used = await db
    .update(mfaRecoveryCodes)
    .set({ usedAt: options.now })
    .where(
      and(
        eq(mfaRecoveryCodes.userId, options.userId),
        eq(mfaRecoveryCodes.codeHash, hashRecoveryCode(env, options.userId, normalized)),
        isNull(mfaRecoveryCodes.usedAt),
      ),
    )
    .returning({ userId: mfaRecoveryCodes.userId });
  return used.length === 1;
}

/** The unused codes left, and when the current set was made (null: no set). */
export async function countRecoveryCodes(db: Executor, userId: string): Promise<{ remaining: number; createdAt: Date | null }> {
  const [all] = await db
    .select({ createdAt: min(mfaRecoveryCodes.createdAt) })
    .from(mfaRecoveryCodes)
    .where(eq(mfaRecoveryCodes.userId, userId));
  const [left] = await db
    .select({ remaining: count() })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)));
  return { remaining: left?.remaining ?? 0, createdAt: all?.createdAt ?? null };
}
