import { enabledAuthProviders } from '#src/identity/oauth/providers.ts';
import type { Handler } from '../types.ts';

/** The social / OIDC sign-in buttons the operator enabled (env). */
export const getAuthProviders: Handler<'getAuthProviders'> = (_input, ctx) => enabledAuthProviders(ctx.env);
