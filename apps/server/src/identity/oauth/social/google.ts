import { Google } from 'arctic';
import { decodeJws } from '../jws.ts';
import { providerCall } from '../exchange.ts';
import { PROVIDER_LABELS } from '../labels.ts';
import { identityFromOidcClaims } from '../identity-fields.ts';
import type { OAuthClientConfig } from '#src/env/oauth-env.ts';
import type { OAuthProvider, ProviderDeps, ProviderIdentity } from '../types.ts';
import { checkIdTokenClaims, type ClaimExpectations } from '../verify-id-token.ts';

export const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'] as const;
export const GOOGLE_SCOPES = ['openid', 'email', 'profile'];

/**
 * Google through arctic (PKCE). The ID token comes straight from Google's token endpoint over
 * TLS, so its claims are checked (iss, aud, exp, nonce) without fetching Google's keys
 * (OpenID Connect Core §3.1.3.7 step 6).
 */
export function createGoogleProvider(config: OAuthClientConfig, redirectUri: string, deps: ProviderDeps = {}): OAuthProvider {
  const google = new Google(config.clientId, config.clientSecret, redirectUri);
  const label = PROVIDER_LABELS.google;
  return {
    id: 'google',
    label,
    async createAuthorizationUrl({ state, codeVerifier, nonce }) {
      const url = google.createAuthorizationURL(state, codeVerifier, GOOGLE_SCOPES);
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async fetchIdentity({ code, codeVerifier, nonce, now }) {
      return providerCall(
        label,
        async () => {
          const tokens = await google.validateAuthorizationCode(code, codeVerifier);
          return googleIdentityFromIdToken(tokens.idToken(), { issuers: GOOGLE_ISSUERS, clientId: config.clientId, nonce, now });
        },
        deps.timeoutMs,
      );
    },
  };
}

export function googleIdentityFromIdToken(idToken: string, expected: ClaimExpectations): ProviderIdentity {
  const claims = checkIdTokenClaims(decodeJws(idToken).payload, expected);
  return identityFromOidcClaims(claims.sub, claims);
}
