import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { mfaFactors } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import type { Executor } from '../db/executor.ts';
import { useRecoveryCode } from './recovery-codes.ts';
import { matchTotpStep, openTotpKey } from './totp.ts';

export type MfaFactorRow = typeof mfaFactors.$inferSelect;

export async function getMfaFactor(db: Executor, userId: string): Promise<MfaFactorRow | null> {
  const [row] = await db.select().from(mfaFactors).where(eq(mfaFactors.userId, userId));
  return row ?? null;
}

/**
 * Accepts a TOTP code for the user's factor and records its step in one conditional UPDATE, so
 * the same code (or an older one) is refused afterwards, even by a parallel request.
 */
export async function acceptTotpCode(
  db: Executor,
  env: Pick<Env, 'appSecret' | 'dataDir'>,
  options: { factor: MfaFactorRow; code: string; now: Date; enable?: boolean },
): Promise<boolean> {
  const { factor } = options;
  const step = matchTotpStep(openTotpKey(env, factor.secret), options.code, options.now, factor.lastUsedStep);
  if (step === null) return false;
  const updated = await db
    .update(mfaFactors)
    .set({ lastUsedStep: step, ...(options.enable ? { enabledAt: options.now } : {}) })
    .where(
      and(
        eq(mfaFactors.userId, factor.userId),
        eq(mfaFactors.secret, factor.secret),
        or(isNull(mfaFactors.lastUsedStep), lt(mfaFactors.lastUsedStep, step)),
      ),
    )
    .returning({ userId: mfaFactors.userId });
  return updated.length === 1;
}

export type SecondFactorMethod = 'totp' | 'recovery-code';

/**
 * A second-factor code typed while signed in (turning the factor off, new recovery codes): six
 * digits are a TOTP code, anything else is tried as one of the user's recovery codes, used up if
 * it matches. Answers which one passed, or null.
 */
export async function acceptSecondFactorCode(
  db: Executor,
  env: Pick<Env, 'appSecret' | 'dataDir'>,
  options: { factor: MfaFactorRow; code: string; now: Date },
): Promise<SecondFactorMethod | null> {
  if (/^\d{6}$/.test(options.code.replace(/\s+/g, ''))) return (await acceptTotpCode(db, env, options)) ? 'totp' : null;
  const used = await useRecoveryCode(db, env, { userId: options.factor.userId, code: options.code, now: options.now });
  return used ? 'recovery-code' : null;
}
