import { openMembershipBillingPortal as open } from '#src/domain/memberships/stripe/open-membership-billing-portal.ts';
import { customerOf } from '../members/member-context.ts';
import type { Handler } from '../types.ts';

export const openMembershipBillingPortal: Handler<'openMembershipBillingPortal'> = (input, ctx) =>
  open({ db: ctx.db, env: ctx.env }, { ...input, ...customerOf(ctx, input.storeId) });
