import { findAdmins } from '#src/domain/admin/find-admins.ts';
import type { Handler } from '../types.ts';

/** Spec §7 getAdminUsers. */
export const getAdminUsers: Handler<'getAdminUsers'> = async (_input, ctx) => ({ admins: await findAdmins({ db: ctx.db }) });
