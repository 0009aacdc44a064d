import { createTenant as createInDb } from '#src/domain/stores/create-tenant.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const createTenant: Handler<'createTenant'> = (input, ctx) =>
  createInDb({ db: ctx.db, userId: creatorId(ctx), storeId: input.storeId, now: ctx.now() });
