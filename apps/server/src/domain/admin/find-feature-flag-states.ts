import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlagState } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { featureFlags, users } from '#src/db/schema/index.ts';

/** Every flag for the admin page: its value, whether it is the spec default, who set it last. */
export async function findFeatureFlagStates(db: Executor): Promise<FeatureFlagState[]> {
  const rows = await db
    .select({ name: featureFlags.name, enabled: featureFlags.enabled, updatedAt: featureFlags.updatedAt, updatedBy: featureFlags.updatedBy, email: users.email })
    .from(featureFlags)
    .leftJoin(users, eq(users.id, featureFlags.updatedBy));
  const byName = new Map(rows.map((row) => [row.name, row]));
  return FEATURE_FLAG_NAMES.map((name) => {
    const row = byName.get(name);
    return {
      name,
      enabled: row?.enabled ?? DEFAULT_FEATURE_FLAGS[name],
      isDefault: row === undefined,
      defaultEnabled: DEFAULT_FEATURE_FLAGS[name],
      updatedAt: row?.updatedAt.toISOString() ?? null,
      updatedBy: row?.updatedBy && row.email ? { id: row.updatedBy, email: row.email } : null,
    };
  });
}
