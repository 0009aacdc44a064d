import { findFeatureFlagStates } from '#src/domain/admin/find-feature-flag-states.ts';
import { setFeatureFlag as setInDb } from '#src/domain/admin/set-feature-flag.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/** One flag on or off, with the reason; the domain path the CLI shares (audited, NOTIFY on change). */
export const setFeatureFlag: Handler<'setFeatureFlag'> = async (input, ctx) => {
  const { changed } = await setInDb({
    db: ctx.db,
    name: input.name,
    enabled: input.enabled,
    actorId: creatorId(ctx),
    reason: input.reason,
    now: ctx.now(),
  });
  // Other servers hear the NOTIFY; this one drops its copy now, so the admin's next call sees the change.
  if (changed) ctx.featureFlags.invalidate();
  const flag = (await findFeatureFlagStates(ctx.db)).find((state) => state.name === input.name);
  if (!flag) throw new Error(`flag ${input.name} missing from its own list`);
  return { flag, changed };
};
