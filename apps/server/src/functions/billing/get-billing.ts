import { getBilling as readBilling } from '#src/domain/billing/get-billing.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getBilling: Handler<'getBilling'> = (_input, ctx) => readBilling(ctx.db, ctx.env, creatorId(ctx));
