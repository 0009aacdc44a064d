import { z } from 'zod';

/**
 * Social and OpenID Connect sign-in settings. Each provider is on
 * only when its client id and secret are both set; half a pair is a start-up error.
 */
export const DEFAULT_OIDC_LABEL = 'Single sign-on';
export const DEFAULT_OIDC_SCOPES = 'openid email profile';

const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());
const secret = unsetIfEmpty(z.string().trim().min(1).max(2048));

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https, or http on a loopback host (a local IdP in development and tests); no query or fragment. */
function isIssuerUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.search || url.hash || url.username || url.password) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname));
}

export const OAUTH_ENV_SHAPE = {
  GOOGLE_CLIENT_ID: secret,
  GOOGLE_CLIENT_SECRET: secret,
  GITHUB_CLIENT_ID: secret,
  GITHUB_CLIENT_SECRET: secret,
  FACEBOOK_CLIENT_ID: secret,
  FACEBOOK_CLIENT_SECRET: secret,
  TWITTER_CLIENT_ID: secret,
  TWITTER_CLIENT_SECRET: secret,
  OIDC_ISSUER: unsetIfEmpty(
    z
      .string()
      .trim()
      .refine(isIssuerUrl, 'OIDC_ISSUER must be an https URL such as https://id.example.com (http only on localhost), without query or fragment'),
  ),
  OIDC_CLIENT_ID: secret,
  OIDC_CLIENT_SECRET: secret,
  OIDC_LABEL: unsetIfEmpty(z.string().trim().max(40, 'OIDC_LABEL must be at most 40 characters')),
  OIDC_SCOPES: unsetIfEmpty(
    z
      .string()
      .trim()
      .refine((scopes) => scopes.split(/\s+/).includes('openid'), 'OIDC_SCOPES must include openid'),
  ),
};

export type OAuthEnv = z.output<z.ZodObject<typeof OAUTH_ENV_SHAPE>>;

const PAIRS = [
  ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'],
  ['GITHUB_CLIENT_ID', 'GITHUB_CLIENT_SECRET'],
  ['FACEBOOK_CLIENT_ID', 'FACEBOOK_CLIENT_SECRET'],
  ['TWITTER_CLIENT_ID', 'TWITTER_CLIENT_SECRET'],
  ['OIDC_CLIENT_ID', 'OIDC_CLIENT_SECRET'],
] as const;

/** Cross-variable rules; pass `{ when: () => true }` so they are listed with every other problem. */
export function checkOAuthEnv(env: Partial<Record<keyof OAuthEnv, unknown>>, ctx: z.RefinementCtx): void {
  const need = (name: keyof OAuthEnv, when: keyof OAuthEnv) => {
    if (env[name] === undefined) ctx.addIssue({ code: 'custom', path: [name], message: `${name} is required when ${when} is set` });
  };
  for (const [id, secretName] of PAIRS) {
    if (env[id] !== undefined) need(secretName, id);
    if (env[secretName] !== undefined) need(id, secretName);
  }
  if (env.OIDC_ISSUER !== undefined) need('OIDC_CLIENT_ID', 'OIDC_ISSUER');
  if (env.OIDC_CLIENT_ID !== undefined) need('OIDC_ISSUER', 'OIDC_CLIENT_ID');
}

export interface OAuthClientConfig {
  clientId: string;
  clientSecret: string;
}

export interface OidcConfig extends OAuthClientConfig {
  /** Exactly as configured, minus a trailing slash. */
  issuer: string;
  label: string;
  scopes: string[];
}

export interface OAuthConfig {
  google: OAuthClientConfig | null;
  github: OAuthClientConfig | null;
  facebook: OAuthClientConfig | null;
  twitter: OAuthClientConfig | null;
  oidc: OidcConfig | null;
}

/** Env already checked by `checkOAuthEnv` → which providers are on, with their clients. */
export function oauthConfigFromEnv(env: OAuthEnv): OAuthConfig {
  const pair = (clientId: string | undefined, clientSecret: string | undefined) =>
    clientId !== undefined && clientSecret !== undefined ? { clientId, clientSecret } : null;
  const oidcClient = pair(env.OIDC_CLIENT_ID, env.OIDC_CLIENT_SECRET);
  return {
    google: pair(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET),
    github: pair(env.GITHUB_CLIENT_ID, env.GITHUB_CLIENT_SECRET),
    facebook: pair(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET),
    twitter: pair(env.TWITTER_CLIENT_ID, env.TWITTER_CLIENT_SECRET),
    oidc:
      oidcClient && env.OIDC_ISSUER !== undefined
        ? {
            ...oidcClient,
            issuer: env.OIDC_ISSUER.replace(/\/+$/, ''),
            label: env.OIDC_LABEL ?? DEFAULT_OIDC_LABEL,
            scopes: [...new Set((env.OIDC_SCOPES ?? DEFAULT_OIDC_SCOPES).split(/\s+/))],
          }
        : null,
  };
}

export const NO_OAUTH: OAuthConfig = { google: null, github: null, facebook: null, twitter: null, oidc: null };
