import { GitHub } from 'arctic';
import { z } from 'zod';
import { providerCall } from '../exchange.ts';
import { PROVIDER_LABELS } from '../labels.ts';
import { fetchJson } from '../http-json.ts';
import { emailAddress, photoUrl, text } from '../identity-fields.ts';
import type { OAuthClientConfig } from '#src/env/oauth-env.ts';
import type { OAuthProvider, ProviderDeps, ProviderIdentity } from '../types.ts';

export const GITHUB_API = 'https://api.github.com';
export const GITHUB_SCOPES = ['read:user', 'user:email'];

const GitHubUserSchema = z.object({
  id: z.number().int().positive(),
  login: z.string().optional(),
  name: z.string().nullish(),
  avatar_url: z.string().nullish(),
});
const GitHubEmailsSchema = z.array(
  z.object({ email: z.string(), primary: z.boolean().optional(), verified: z.boolean().optional() }),
);

/** GitHub through arctic; the email is the primary address from /user/emails, if GitHub verified it. */
export function createGitHubProvider(config: OAuthClientConfig, redirectUri: string, deps: ProviderDeps = {}): OAuthProvider {
  const github = new GitHub(config.clientId, config.clientSecret, redirectUri);
  const label = PROVIDER_LABELS.github;
  return {
    id: 'github',
    label,
    async createAuthorizationUrl({ state }) {
      return github.createAuthorizationURL(state, GITHUB_SCOPES);
    },
    async fetchIdentity({ code }) {
      return providerCall(
        label,
        async () => {
          const tokens = await github.validateAuthorizationCode(code);
          const headers = {
            authorization: `Bearer ${tokens.accessToken()}`,
            accept: 'application/vnd.github+json',
            'x-github-api-version': '2022-11-28',
          };
          const [user, emails] = await Promise.all([
            fetchJson(`${GITHUB_API}/user`, { fetch: deps.fetch, headers, timeoutMs: deps.timeoutMs }),
            fetchJson(`${GITHUB_API}/user/emails`, { fetch: deps.fetch, headers, timeoutMs: deps.timeoutMs }),
          ]);
          return parseGitHubIdentity(user, emails);
        },
        deps.timeoutMs,
      );
    },
  };
}

export function parseGitHubIdentity(userBody: unknown, emailsBody: unknown): ProviderIdentity {
  const user = GitHubUserSchema.parse(userBody);
  const emails = GitHubEmailsSchema.parse(emailsBody);
  const primary = emails.find((entry) => entry.primary === true);
  return {
    providerUserId: String(user.id),
    email: emailAddress(primary?.email),
    emailVerified: primary?.verified === true,
    firstName: null,
    lastName: null,
    displayName: text(user.name) ?? text(user.login),
    photoUrl: photoUrl(user.avatar_url),
  };
}
