import type { AuthProviderId } from '@shopfront/core';
import type { FetchFn } from './http-json.ts';

/** Who signed in at the provider, reduced to what we keep (oauth_accounts + the user document). */
export interface ProviderIdentity {
  /** Stable id at the provider (for OpenID Connect: `${issuer}|${sub}`). */
  providerUserId: string;
  /** Canonical (trimmed, lower-case); null when the provider shared none. */
  email: string | null;
  /** Only a verified email may create or link an account. */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
  displayName: string | null;
  photoUrl: string | null;
}

export interface AuthorizationRequest {
  state: string;
  codeVerifier: string;
  nonce: string;
}

export interface CodeExchange {
  code: string;
  codeVerifier: string;
  nonce: string;
  now: Date;
}

/** One sign-in provider, as the routes use it; each implementation talks only to its fixed hosts. */
export interface OAuthProvider {
  id: AuthProviderId;
  label: string;
  createAuthorizationUrl(request: AuthorizationRequest): Promise<URL>;
  /** Exchanges the code and reads who signed in; throws OAuthFlowError with a user-safe message. */
  fetchIdentity(exchange: CodeExchange): Promise<ProviderIdentity>;
}

export interface ProviderDeps {
  /** Defaults to the global fetch at call time (tests may stub it). */
  fetch?: FetchFn;
  timeoutMs?: number;
}
