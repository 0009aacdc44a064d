import { openBillingPortal as open } from '#src/domain/billing/open-billing-portal.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const openBillingPortal: Handler<'openBillingPortal'> = (_input, ctx) => open(ctx.db, ctx.env, creatorId(ctx));
