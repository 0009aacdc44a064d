import { systemResolveTxt, verifyCustomDomain as verifyInDb, type ResolveTxt } from '#src/domain/domains/verify-custom-domain.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

/**
 * The handler with its DNS resolver injected: the registry uses Node's, tests register one that
 * answers what they need (createTestApp `extraFunctions` replaces the entry by name).
 */
export function createVerifyCustomDomain(deps: { resolveTxt: ResolveTxt }): Handler<'verifyCustomDomain'> {
  return async (input, ctx) =>
    verifyInDb({
      db: ctx.db,
      env: ctx.env,
      resolveTxt: deps.resolveTxt,
      userId: creatorId(ctx),
      storeId: input.storeId,
      domain: input.domain,
      featureFlags: await ctx.featureFlags.read(),
      now: ctx.now(),
    });
}

export const verifyCustomDomain = createVerifyCustomDomain({ resolveTxt: systemResolveTxt() });
