import { Twitter } from 'arctic';
import { z } from 'zod';
import { providerCall } from '../exchange.ts';
import { PROVIDER_LABELS } from '../labels.ts';
import { fetchJson } from '../http-json.ts';
import { emailAddress, photoUrl, text } from '../identity-fields.ts';
import type { OAuthClientConfig } from '#src/env/oauth-env.ts';
import type { OAuthProvider, ProviderDeps, ProviderIdentity } from '../types.ts';

export const TWITTER_API = 'https://api.twitter.com/2';
/** `users.email` gives `confirmed_email`; X grants it only to apps that asked for email access. */
export const TWITTER_SCOPES = ['users.read', 'tweet.read', 'users.email'];

const TwitterMeSchema = z.object({
  data: z.object({
    id: z.string().min(1),
    name: z.string().nullish(),
    username: z.string().nullish(),
    profile_image_url: z.string().nullish(),
    confirmed_email: z.string().nullish(),
  }),
});

/** X (Twitter) through arctic (PKCE). Without a confirmed email the sign-in is refused clearly. */
export function createTwitterProvider(config: OAuthClientConfig, redirectUri: string, deps: ProviderDeps = {}): OAuthProvider {
  const twitter = new Twitter(config.clientId, config.clientSecret, redirectUri);
  const label = PROVIDER_LABELS.twitter;
  return {
    id: 'twitter',
    label,
    async createAuthorizationUrl({ state, codeVerifier }) {
      return twitter.createAuthorizationURL(state, codeVerifier, TWITTER_SCOPES);
    },
    async fetchIdentity({ code, codeVerifier }) {
      return providerCall(
        label,
        async () => {
          const tokens = await twitter.validateAuthorizationCode(code, codeVerifier);
          const me = await fetchJson(`${TWITTER_API}/users/me?user.fields=confirmed_email,profile_image_url`, {
            fetch: deps.fetch,
            headers: { authorization: `Bearer ${tokens.accessToken()}` },
            timeoutMs: deps.timeoutMs,
          });
          return parseTwitterIdentity(me);
        },
        deps.timeoutMs,
      );
    },
  };
}

export function parseTwitterIdentity(body: unknown): ProviderIdentity {
  const { data } = TwitterMeSchema.parse(body);
  const email = emailAddress(data.confirmed_email);
  return {
    providerUserId: data.id,
    email,
    emailVerified: email !== null,
    firstName: null,
    lastName: null,
    displayName: text(data.name) ?? text(data.username),
    photoUrl: photoUrl(data.profile_image_url),
  };
}
