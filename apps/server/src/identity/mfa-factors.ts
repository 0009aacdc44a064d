import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { mfaFactors } from '../db/schema/index.ts';
import type { Env } from '../env.ts';
import type { Executor } from '../db/executor.ts';
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
