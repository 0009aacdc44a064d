import type { AdminUserDetail } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { mfaFactors } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget } from './find-admin-target.ts';
import { loadAdminUser } from './load-admin-user.ts';

/**
 * Unlocks a TOTP factor locked after too many wrong codes (the failure count starts again), so its
 * owner can sign in with their authenticator. One transaction with its audit row; a no-op when
 * the factor is not locked.
 */
export async function unlockUserMfa(options: { db: Database; userId: string; actorId: string; reason: string; now: Date }): Promise<AdminUserDetail> {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const user = await findAdminTarget(tx, { userId: options.userId });
    const [factor] = await tx.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id)).for('update');
    if (!factor?.lockedAt) return loadAdminUser(tx, user.id);
    await tx.update(mfaFactors).set({ lockedAt: null, consecutiveFailures: 0 }).where(eq(mfaFactors.userId, user.id));
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.unlockMfa,
      reason: options.reason,
      before: { mfaLockedAt: factor.lockedAt.toISOString(), consecutiveFailures: factor.consecutiveFailures },
      after: { mfaLockedAt: null, consecutiveFailures: 0 },
      now,
    });
    return loadAdminUser(tx, user.id);
  });
}
