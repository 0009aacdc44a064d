import { AppError, MESSAGES } from '@shopfront/core';
import { and, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { verificationCodes } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import type { Executor } from '../db/executor.ts';
import { countGuess, forgiveGuess } from './guess-throttle.ts';
import {
  CODE_FAILURES_EMAIL_WINDOW_MS, CODE_FAILURES_IP_WINDOW_MS, CODE_FAILURES_PER_EMAIL, CODE_FAILURES_PER_IP, CODE_MAX_ATTEMPTS,
  SIGNUP_VERIFICATION_TTL_MS,
} from './limits.ts';
import type { LimitRule } from './rate-limits.ts';
import { bindingWhere, hashVerificationCode, type CodeBinding } from './verification-codes.ts';

/**
 * What a correct code does: `verify` marks a signup email verified (signUp consumes that later),
 * `check` only confirms a reset code (the reset screen's verify step), `consume` uses it up.
 */
export type CodeUse = 'verify' | 'check' | 'consume';

const V = MESSAGES.verification;

/**
 * Checks a submitted code in ONE conditional UPDATE: the row lock serialises parallel tries, so
 * wrong tries are all counted and two correct submissions cannot both win (SECURITY "single use,
 * also under two concurrent correct submissions"). The 5th wrong try voids the code. Wrong tries
 * are also counted per (realm, email, purpose) and per address across codes (guess-throttle.ts),
 * so asking for a new code does not buy new guesses. A caller that runs it in a transaction must
 * commit that transaction on a refusal, or the counted try is lost.
 */
export async function useVerificationCode(
  db: Executor,
  env: Pick<Env, 'appSecret' | 'dataDir'>,
  options: CodeBinding & { code: string; use: CodeUse; ip: string; now: Date },
): Promise<void> {
  const { now, use } = options;
  const rules = guessRules(options);
  await countGuess(db, rules, now, () => new AppError('resource-exhausted', V.tooManyAttempts));
  const codeHash = hashVerificationCode(env, options, options.code);
  const matches = sql`${verificationCodes.codeHash} = ${codeHash}`;
  const [row] = await db
    .update(verificationCodes)
    .set({
      attempts: sql`case when ${matches} then ${verificationCodes.attempts} else ${verificationCodes.attempts} + 1 end`,
      ...(use === 'verify' ? { verifiedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end` } : {}),
      ...(use === 'consume' ? { consumedAt: sql`case when ${matches} then ${now.toISOString()}::timestamptz else null end` } : {}),
    })
    .where(
      and(
        bindingWhere(options),
        isNull(verificationCodes.consumedAt),
        lt(verificationCodes.attempts, CODE_MAX_ATTEMPTS),
        gt(verificationCodes.expiresAt, now),
        use === 'verify' ? isNull(verificationCodes.verifiedAt) : undefined,
      ),
    )
    .returning({ matched: sql<boolean>`${matches}`, attempts: verificationCodes.attempts });
  if (!row) throw await explainRefusal(db, options, now);
  if (row.matched) return forgiveGuess(db, rules, now);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw new AppError('resource-exhausted', V.tooManyAttempts);
  throw new AppError('invalid-argument', V.invalidCode);
}

function guessRules(options: CodeBinding & { ip: string }): LimitRule[] {
  return [
    {
      key: `code:email:${options.realm}:${options.purpose}:${options.email}`,
      windowMs: CODE_FAILURES_EMAIL_WINDOW_MS,
      limit: CODE_FAILURES_PER_EMAIL,
    },
    { key: `code:ip:${options.ip}`, windowMs: CODE_FAILURES_IP_WINDOW_MS, limit: CODE_FAILURES_PER_IP },
  ];
}

async function explainRefusal(db: Executor, options: CodeBinding & { use: CodeUse }, now: Date): Promise<AppError> {
  const [row] = await db.select().from(verificationCodes).where(bindingWhere(options));
  if (!row || row.consumedAt) return new AppError('not-found', V.codeNotFound);
  if (row.attempts >= CODE_MAX_ATTEMPTS) return new AppError('resource-exhausted', V.tooManyAttempts);
  if (row.expiresAt.getTime() <= now.getTime()) return new AppError('failed-precondition', V.codeExpired);
  if (options.use === 'verify' && row.verifiedAt) return new AppError('already-exists', V.alreadyVerified);
  return new AppError('not-found', V.codeNotFound);
}

/**
 * signUp's proof of email ownership: a signup code verified within the last 30 minutes, used up
 * here (in signUp's transaction, so a refused signUp leaves it usable).
 */
export async function consumeSignupVerification(db: Executor, options: { realm: string; email: string; now: Date }) {
  const since = new Date(options.now.getTime() - SIGNUP_VERIFICATION_TTL_MS);
  const used = await db
    .update(verificationCodes)
    .set({ consumedAt: options.now })
    .where(
      and(
        bindingWhere({ realm: options.realm, email: options.email, purpose: 'signup' }),
        isNull(verificationCodes.consumedAt),
        isNotNull(verificationCodes.verifiedAt),
        gt(verificationCodes.verifiedAt, since),
      ),
    )
    .returning({ id: verificationCodes.id });
  if (used.length === 0) throw new AppError('failed-precondition', V.failed);
}
