import { deleteTenant as deleteInDb } from '#src/domain/stores/delete-tenant.ts';
import { creatorId } from '../auth/creator-id.ts';
import type { Handler } from '../types.ts';

export const deleteTenant: Handler<'deleteTenant'> = async (input, ctx) => {
  await deleteInDb({ db: ctx.db, userId: creatorId(ctx), tenantId: input.tenantId });
  return { deleted: true as const };
};
