import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaLikeContext } from 'oidc-provider';
import { createSigningKey, readJwtPayload, signJwt, type TestSigningKey } from './signing-keys.ts';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, for the whole
 * redirect → login/consent → callback flow. Accounts exist for any login name; names starting
 * with `unverified` have `email_verified: false`. `rewriteIdToken` lets a test replace the ID
 * token the token endpoint returns (signed with the provider's own key, or tampered).
 */
export interface LocalOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  signingKey: TestSigningKey;
  /** Email of a login name, as the provider reports it. */
  emailOf(login: string): string;
  /** Set to change the next token responses' id_token; null restores the real one. */
  rewriteIdToken: ((idToken: string) => string) | null;
  /** Re-signs a payload change with the provider's key. */
  resign(idToken: string, changes: Record<string, unknown>): string;
  close(): Promise<void>;
}

export async function startLocalOidcProvider(options: { redirectUris: string[] }): Promise<LocalOidcProvider> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;
  const signingKey = createSigningKey('RS256');
  const clientId = 'shopfront-test';
  const clientSecret = 'shopfront-test-secret-0123456789abcdef';
  const emailOf = (login: string) => `${login.toLowerCase()}@idp.example.com`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingKey.privateJwk] },
    cookies: { keys: ['local-oidc-provider-cookie-key'] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    ttl: { AccessToken: 3600, AuthorizationCode: 60, IdToken: 3600, Interaction: 3600, Session: 3600, Grant: 3600 },
    async findAccount(_ctx: unknown, sub: string) {
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            email: emailOf(sub),
            email_verified: !sub.startsWith('unverified'),
            name: `Test ${sub}`,
            given_name: 'Test',
            family_name: sub,
          };
        },
      };
    },
  });

  const handle: LocalOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    signingKey,
    emailOf,
    rewriteIdToken: null,
    resign(idToken, changes) {
      return signJwt(signingKey, { ...readJwtPayload(idToken), ...changes });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  provider.use(async (ctx: KoaLikeContext, next) => {
    await next();
    const body = ctx.body as { id_token?: unknown } | undefined;
    if (ctx.path === '/token' && handle.rewriteIdToken && typeof body?.id_token === 'string') {
      ctx.body = { ...body, id_token: handle.rewriteIdToken(body.id_token) };
    }
  });
  server.on('request', provider.callback());
  return handle;
}
