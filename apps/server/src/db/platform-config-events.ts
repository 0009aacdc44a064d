import { sql } from 'drizzle-orm';
import type { Executor } from './executor.ts';

/**
 * The channel every server LISTENs on to drop its cached feature flags (ARCHITECTURE "Feature
 * flags"). Like `storefront_changed`: the domain announces a flag change here, each server's flag
 * cache hears it, so neither imports the other.
 */
export const FEATURE_FLAGS_CHANGED_CHANNEL = 'feature_flags_changed';

/**
 * Tells every server (this one included) that a feature flag changed. Inside a transaction
 * PostgreSQL delivers it only on commit, so no cache is refilled with a rolled-back value.
 */
export async function notifyFeatureFlagsChanged(db: Executor, name: string): Promise<void> {
  await db.execute(sql`select pg_notify(${FEATURE_FLAGS_CHANGED_CHANNEL}, ${name})`);
}
