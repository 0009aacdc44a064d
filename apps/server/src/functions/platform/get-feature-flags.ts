import { findFeatureFlagStates } from '#src/domain/admin/find-feature-flag-states.ts';
import type { Handler } from '../types.ts';

/** Every flag as stored (uncached: the admin page shows what the database holds). */
export const getFeatureFlags: Handler<'getFeatureFlags'> = async (_input, ctx) => ({ flags: await findFeatureFlagStates(ctx.db) });
