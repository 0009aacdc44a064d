import { searchAdminUsers as search } from '#src/domain/admin/search-admin-users.ts';
import type { Handler } from '../types.ts';

/** Users by email or name, one sorted page at a time. */
export const searchAdminUsers: Handler<'searchAdminUsers'> = (input, ctx) => search({ db: ctx.db, ...input });
