import { DEFAULT_FEATURE_FLAGS, type FeatureFlags } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { notifyFeatureFlagsChanged } from '#src/db/platform-config-events.ts';
import { featureFlags } from '#src/db/schema/index.ts';
import { ADMIN_AUDIT_ACTIONS, CLI_ACTOR, writeAdminAudit } from './admin-audit.ts';

export type FlagName = keyof FeatureFlags;
export const FLAG_NAMES = Object.keys(DEFAULT_FEATURE_FLAGS) as FlagName[];

export const isFlagName = (name: string): name is FlagName => (FLAG_NAMES as string[]).includes(name);
export const unknownFlagMessage = (name: string) => `Unknown flag "${name}". Flags: ${FLAG_NAMES.join(', ')}.`;

export interface SetFeatureFlagOptions {
  db: Database;
  name: FlagName;
  enabled: boolean;
  /** A user id, or CLI_ACTOR for `npm run admin`. */
  actorId: string;
  reason: string | null;
  now: Date;
}

/**
 * Spec §3 admin/feature_flags: switches one flag for the whole platform (a missing row is the
 * spec default). The one path for the admin page (setFeatureFlag) and the CLI. Like every admin
 * change it goes to the append-only audit log (target = the flag's name, before/after = its
 * state), and every server's flag cache hears of it over NOTIFY once it commits.
 */
export async function setFeatureFlag(options: SetFeatureFlagOptions): Promise<{ previous: boolean; changed: boolean }> {
  const { db, name, enabled, now } = options;
  const updatedBy = options.actorId === CLI_ACTOR ? null : options.actorId;
  return db.transaction(async (tx) => {
    const [row] = await tx.select({ enabled: featureFlags.enabled }).from(featureFlags).where(eq(featureFlags.name, name)).for('update');
    const previous = row?.enabled ?? DEFAULT_FEATURE_FLAGS[name];
    if (previous === enabled) return { previous, changed: false };
    await tx
      .insert(featureFlags)
      .values({ name, enabled, updatedBy, updatedAt: now })
      .onConflictDoUpdate({ target: featureFlags.name, set: { enabled, updatedBy, updatedAt: now } });
    const change = `${onOff(previous)} → ${onOff(enabled)}`;
    await writeAdminAudit(tx, {
      actorId: options.actorId,
      targetId: name,
      action: ADMIN_AUDIT_ACTIONS.setFeatureFlag,
      reason: options.reason ? `${change}: ${options.reason}` : change,
      before: { name, enabled: previous },
      after: { name, enabled },
      now,
    });
    await notifyFeatureFlagsChanged(tx, name);
    return { previous, changed: true };
  });
}

export const onOff = (enabled: boolean) => (enabled ? 'on' : 'off');
