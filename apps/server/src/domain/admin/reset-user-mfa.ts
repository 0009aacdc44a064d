import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { mfaFactors } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { enqueueSecondFactorResetEmail } from '#src/identity/identity-emails.ts';
import { PLATFORM_REALM } from '#src/identity/limits.ts';
import { countRecoveryCodes } from '#src/identity/recovery-codes.ts';
import { revokeAllSessions } from '#src/identity/sessions.ts';
import { signInUrl } from '../auth/account-urls.ts';
import { ADMIN_AUDIT_ACTIONS, writeAdminAudit } from './admin-audit.ts';
import { findAdminTarget, type AdminTarget } from './find-admin-target.ts';

/**
 * For a creator who lost both their phone and their recovery codes, once an operator has checked
 * it is them: removes the second factor and its recovery codes, ends every session of the account
 * (whoever holds one may be the reason for the reset), and tells the owner by email. One
 * transaction with its audit row; `changed` is false, and nothing happens, when the factor is not on.
 */
export async function resetUserMfa(options: {
  db: Database;
  env: Pick<Env, 'publicUrl'>;
  target: AdminTarget;
  actorId: string;
  reason: string;
  now: Date;
}) {
  const { db, now } = options;
  return db.transaction(async (tx) => {
    const user = await findAdminTarget(tx, options.target);
    const [factor] = await tx.select().from(mfaFactors).where(eq(mfaFactors.userId, user.id)).for('update');
    if (!factor?.enabledAt) return { user, changed: false };
    const { remaining } = await countRecoveryCodes(tx, user.id);
    await tx.delete(mfaFactors).where(eq(mfaFactors.userId, user.id));
    await revokeAllSessions(tx, { realm: PLATFORM_REALM, userId: user.id });
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: user.id,
      action: ADMIN_AUDIT_ACTIONS.resetMfa,
      reason: options.reason,
      before: { mfaEnabled: factor.enabledAt !== null, mfaLockedAt: factor.lockedAt?.toISOString() ?? null, recoveryCodesLeft: remaining },
      after: { mfaEnabled: false, recoveryCodesLeft: 0, sessionsEnded: true },
      now,
    });
    await enqueueSecondFactorResetEmail(tx, { email: user.email, signInUrl: signInUrl(options.env) });
    return { user, changed: true };
  });
}
