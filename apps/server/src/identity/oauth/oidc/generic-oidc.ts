import { CodeChallengeMethod, OAuth2Client, type OAuth2Tokens } from 'arctic';
import { providerCall } from '../exchange.ts';
import { fetchJson } from '../http-json.ts';
import { identityFromOidcClaims } from '../identity-fields.ts';
import { isJwsAlgorithm, type JwsAlgorithm } from '../jws.ts';
import type { OidcConfig } from '#src/env/oauth-env.ts';
import { OAUTH_FAILURES, OAuthFlowError, OAUTH_MESSAGES } from '../oauth-errors.ts';
import type { OAuthProvider, ProviderDeps } from '../types.ts';
import { verifyIdToken, type IdTokenClaims } from '../verify-id-token.ts';
import { createOidcDiscovery, type OidcDiscovery, type OidcMetadata } from './discovery.ts';

/**
 * Any OpenID Connect provider the operator names in OIDC_ISSUER (Keycloak, Authentik, Entra ID,
 * Okta…): discovery, then arctic's OAuth2Client for the authorization code flow with PKCE (S256)
 * and a nonce, then a fully verified ID token (verify-id-token.ts).
 */
export function createOidcProvider(config: OidcConfig, redirectUri: string, deps: ProviderDeps & { discovery?: OidcDiscovery } = {}): OAuthProvider {
  const client = new OAuth2Client(config.clientId, config.clientSecret, redirectUri);
  const discovery = deps.discovery ?? createOidcDiscovery({ issuer: config.issuer, fetch: deps.fetch, timeoutMs: deps.timeoutMs });
  const label = config.label;

  return {
    id: 'oidc',
    label,
    async createAuthorizationUrl({ state, codeVerifier, nonce }) {
      const metadata = await providerCall(label, () => discovery.metadata(), deps.timeoutMs);
      const url = client.createAuthorizationURLWithPKCE(metadata.authorization_endpoint, state, CodeChallengeMethod.S256, codeVerifier, config.scopes);
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async fetchIdentity({ code, codeVerifier, nonce, now }) {
      return providerCall(
        label,
        async () => {
          const metadata = await discovery.metadata();
          const tokens = await client.validateAuthorizationCode(metadata.token_endpoint, code, codeVerifier);
          const claims = await verifyIdToken(idTokenOf(tokens, label), {
            issuers: [metadata.issuer],
            clientId: config.clientId,
            nonce,
            now,
            getKeys: discovery.keys,
            allowedAlgorithms: allowedAlgorithms(metadata),
          });
          const profile = claims.email === undefined ? await readUserinfo(metadata, tokens, claims, { ...deps, label }) : claims;
          return identityFromOidcClaims(`${metadata.issuer}|${claims.sub}`, profile);
        },
        deps.timeoutMs,
      );
    },
  };
}

function idTokenOf(tokens: OAuth2Tokens, label: string): string {
  const idToken = (tokens.data as Record<string, unknown>).id_token;
  if (typeof idToken !== 'string') {
    throw new OAuthFlowError(OAUTH_FAILURES.idToken, OAUTH_MESSAGES.failed(label), 'token response has no id_token (is the openid scope allowed?)');
  }
  return idToken;
}

/** The issuer's advertised algorithms, narrowed to the asymmetric ones we verify. */
function allowedAlgorithms(metadata: OidcMetadata): JwsAlgorithm[] | undefined {
  const advertised = metadata.id_token_signing_alg_values_supported;
  return advertised ? advertised.filter(isJwsAlgorithm) : undefined;
}

/**
 * Conforming providers put scope claims such as `email` in the UserInfo response rather than the
 * ID token when an access token is issued (Core §5.4). Its `sub` must match the token's (§5.3.4).
 */
async function readUserinfo(
  metadata: OidcMetadata,
  tokens: OAuth2Tokens,
  claims: IdTokenClaims,
  deps: ProviderDeps & { label: string },
): Promise<Record<string, unknown>> {
  if (!metadata.userinfo_endpoint) return claims;
  const body = await fetchJson(metadata.userinfo_endpoint, {
    fetch: deps.fetch,
    headers: { authorization: `Bearer ${tokens.accessToken()}` },
    timeoutMs: deps.timeoutMs,
  });
  if (!body || typeof body !== 'object' || (body as { sub?: unknown }).sub !== claims.sub) {
    throw new OAuthFlowError(OAUTH_FAILURES.idToken, OAUTH_MESSAGES.failed(deps.label), 'userinfo sub does not match the ID token');
  }
  return { ...claims, ...(body as Record<string, unknown>) };
}
