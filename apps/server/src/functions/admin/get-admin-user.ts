import { loadAdminUser } from '#src/domain/admin/load-admin-user.ts';
import type { Handler } from '../types.ts';

/** One user's detail for the admin screens. */
export const getAdminUser: Handler<'getAdminUser'> = (input, ctx) => loadAdminUser(ctx.db, input.userId);
