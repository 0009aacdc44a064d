import type { AuthProviderId } from '@shopfront/core';
import type { Env } from '#src/env.ts';
import { createOidcProvider } from './oidc/generic-oidc.ts';
import { createFacebookProvider } from './social/facebook.ts';
import { createGitHubProvider } from './social/github.ts';
import { createGoogleProvider } from './social/google.ts';
import { createTwitterProvider } from './social/twitter.ts';
import type { OAuthProvider, ProviderDeps } from './types.ts';
import { PROVIDER_LABELS } from './labels.ts';


type OAuthEnvPart = Pick<Env, 'oauth'>;

/** The providers the operator enabled (env), for getAuthProviders and the sign-in buttons. */
export function enabledAuthProviders(env: OAuthEnvPart): { id: AuthProviderId; label: string }[] {
  const { oauth } = env;
  const enabled: { id: AuthProviderId; label: string }[] = [];
  for (const id of ['google', 'github', 'facebook', 'twitter'] as const) {
    if (oauth[id]) enabled.push({ id, label: PROVIDER_LABELS[id] });
  }
  if (oauth.oidc) enabled.push({ id: 'oidc', label: oauth.oidc.label });
  return enabled;
}

/** Where each provider sends the browser back: `${PUBLIC_URL}/auth/oauth/{provider}/callback`. */
export function oauthRedirectUri(env: Pick<Env, 'publicUrl'>, id: AuthProviderId): string {
  return `${env.publicUrl}/auth/oauth/${id}/callback`;
}

/** One client per enabled provider; built once per app so OIDC discovery and keys stay cached. */
export function createOAuthProviders(env: OAuthEnvPart & Pick<Env, 'publicUrl'>, deps: ProviderDeps = {}): Map<AuthProviderId, OAuthProvider> {
  const { oauth } = env;
  const providers = new Map<AuthProviderId, OAuthProvider>();
  const uri = (id: AuthProviderId) => oauthRedirectUri(env, id);
  if (oauth.google) providers.set('google', createGoogleProvider(oauth.google, uri('google'), deps));
  if (oauth.github) providers.set('github', createGitHubProvider(oauth.github, uri('github'), deps));
  if (oauth.facebook) providers.set('facebook', createFacebookProvider(oauth.facebook, uri('facebook'), deps));
  if (oauth.twitter) providers.set('twitter', createTwitterProvider(oauth.twitter, uri('twitter'), deps));
  if (oauth.oidc) providers.set('oidc', createOidcProvider(oauth.oidc, uri('oidc'), deps));
  return providers;
}
