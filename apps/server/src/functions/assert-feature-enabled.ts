import { AppError, PLATFORM_CONFIG_MESSAGES, type FeatureFlagName } from '@shopfront/core';
import type { FunctionContext } from './types.ts';

/**
 * Refuses a call whose feature is switched off for the platform (spec §3 admin/feature_flags):
 * `failed-precondition` with `details: { feature }`. Every handler of a flagged feature
 * (websiteBuilder, affiliateProgram, advancedAnalytics…) calls it first; the flags come from
 * the app's cache, so the check costs no query.
 */
export async function assertFeatureEnabled(ctx: Pick<FunctionContext, 'featureFlags'>, name: FeatureFlagName): Promise<void> {
  const flags = await ctx.featureFlags.read();
  if (!flags[name]) throw new AppError('failed-precondition', PLATFORM_CONFIG_MESSAGES.featureDisabled, { feature: name });
}
