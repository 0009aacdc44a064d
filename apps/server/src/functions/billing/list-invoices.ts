import { listInvoices as list } from '#src/domain/billing/list-invoices.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const listInvoices: Handler<'listInvoices'> = async (_input, ctx) => ({ invoices: await list(ctx.db, ctx.env, creatorId(ctx)) });
