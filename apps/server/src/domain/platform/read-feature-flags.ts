import { DEFAULT_FEATURE_FLAGS, FEATURE_FLAG_NAMES, type FeatureFlags } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import { featureFlags } from '#src/db/schema/index.ts';

/** Spec §3 admin/feature_flags straight from the database; a missing row is the spec default. */
export async function readFeatureFlags(db: Executor): Promise<FeatureFlags> {
  const rows = await db.select({ name: featureFlags.name, enabled: featureFlags.enabled }).from(featureFlags);
  const stored = new Map(rows.map((row) => [row.name, row.enabled]));
  const flags = { ...DEFAULT_FEATURE_FLAGS };
  for (const name of FEATURE_FLAG_NAMES) flags[name] = stored.get(name) ?? DEFAULT_FEATURE_FLAGS[name];
  return flags;
}
