// Exports regenerateRecoveryCodes and getRecoveryCodeStatus: the signed-in side of recovery codes
// (enrolment makes the first set, completeMfaSignInWithRecoveryCode uses them).
import { RECOVERY_CODE_COUNT } from '@shopfront/core';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { getMfaFactor } from '#src/identity/mfa-factors.ts';
import { countRecoveryCodes, replaceRecoveryCodes } from '#src/identity/recovery-codes.ts';
import { assertSecondFactor, tellRecoveryCodeUsed } from './assert-second-factor.ts';

/**
 * A new set of recovery codes, voiding every code of the old one. Needs a current second-factor
 * code (an unused recovery code also works: it belongs to the set being replaced), throttled
 * like every second-factor code (assertSecondFactor).
 */
export async function regenerateRecoveryCodes(options: { db: Database; env: Env; userId: string; code: string; ip: string; now: Date }) {
  const usedFor = 'to generate new recovery codes';
  const { method } = await assertSecondFactor({ ...options, usedFor });
  const recoveryCodes = await options.db.transaction((tx) => replaceRecoveryCodes(tx, options.env, { userId: options.userId, now: options.now }));
  if (method === 'recovery-code') await tellRecoveryCodeUsed({ ...options, usedFor }, null);
  return { recoveryCodes };
}

/** What Settings › Security shows: codes left of the set, and when the set was made. */
export async function getRecoveryCodeStatus(options: { db: Database; userId: string }) {
  const factor = await getMfaFactor(options.db, options.userId);
  if (!factor?.enabledAt) return { remaining: 0, total: RECOVERY_CODE_COUNT, createdAt: null };
  const { remaining, createdAt } = await countRecoveryCodes(options.db, options.userId);
  return { remaining, total: RECOVERY_CODE_COUNT, createdAt: createdAt?.toISOString() ?? null };
}
