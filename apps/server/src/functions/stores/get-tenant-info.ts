import { toTenant } from '#src/domain/stores/create-tenant.ts';
import { getOwnedTenant } from '#src/domain/stores/delete-tenant.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const getTenantInfo: Handler<'getTenantInfo'> = async (input, ctx) =>
  toTenant(await getOwnedTenant(ctx.db, { tenantId: input.tenantId, userId: creatorId(ctx) }));
