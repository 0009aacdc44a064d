import { Facebook } from 'arctic';
import { z } from 'zod';
import { providerCall } from '../exchange.ts';
import { PROVIDER_LABELS } from '../labels.ts';
import { fetchJson } from '../http-json.ts';
import { emailAddress, text } from '../identity-fields.ts';
import type { OAuthClientConfig } from '#src/env/oauth-env.ts';
import type { OAuthProvider, ProviderDeps, ProviderIdentity } from '../types.ts';

/** Same Graph API version as arctic's authorization and token endpoints. */
export const FACEBOOK_GRAPH = 'https://graph.facebook.com/v16.0';
export const FACEBOOK_SCOPES = ['email', 'public_profile'];

const FacebookMeSchema = z.object({
  id: z.string().min(1),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
});

/**
 * Facebook through arctic. Graph returns `email` only when the person has a confirmed address
 * (no `email_verified` field exists), so a present email counts as verified; none → refused.
 */
export function createFacebookProvider(config: OAuthClientConfig, redirectUri: string, deps: ProviderDeps = {}): OAuthProvider {
  const facebook = new Facebook(config.clientId, config.clientSecret, redirectUri);
  const label = PROVIDER_LABELS.facebook;
  return {
    id: 'facebook',
    label,
    async createAuthorizationUrl({ state }) {
      return facebook.createAuthorizationURL(state, FACEBOOK_SCOPES);
    },
    async fetchIdentity({ code }) {
      return providerCall(
        label,
        async () => {
          const tokens = await facebook.validateAuthorizationCode(code);
          const me = await fetchJson(`${FACEBOOK_GRAPH}/me?fields=id,name,email,first_name,last_name`, {
            fetch: deps.fetch,
            headers: { authorization: `Bearer ${tokens.accessToken()}` },
            timeoutMs: deps.timeoutMs,
          });
          return parseFacebookIdentity(me);
        },
        deps.timeoutMs,
      );
    },
  };
}

export function parseFacebookIdentity(body: unknown): ProviderIdentity {
  const me = FacebookMeSchema.parse(body);
  const email = emailAddress(me.email);
  return {
    providerUserId: me.id,
    email,
    emailVerified: email !== null,
    firstName: text(me.first_name),
    lastName: text(me.last_name),
    displayName: text(me.name),
    photoUrl: null,
  };
}
