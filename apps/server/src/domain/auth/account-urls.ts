// Exports the web app's pages that identity emails link to, as paths and as absolute URLs.
import type { Env } from '#src/env.ts';

export const SIGN_IN_PATH = '/login';
export const SECURITY_SETTINGS_PATH = '/dashboard/settings#security';

export const signInUrl = (env: Pick<Env, 'publicUrl'>) => `${env.publicUrl}${SIGN_IN_PATH}`;
export const securitySettingsUrl = (env: Pick<Env, 'publicUrl'>) => `${env.publicUrl}${SECURITY_SETTINGS_PATH}`;
