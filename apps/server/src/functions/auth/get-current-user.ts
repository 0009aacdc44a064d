import { toUser } from '#src/domain/auth/to-user.ts';
import type { Handler } from '../types.ts';

/**
 * Null when signed out, so the web app can ask without an error. The caller already carries the
 * user row the session lookup read: one round trip per dashboard load (bench: identity scenario).
 */
export const getCurrentUser: Handler<'getCurrentUser'> = (_input, ctx) => (ctx.caller?.kind === 'creator' ? toUser(ctx.caller.user) : null);
