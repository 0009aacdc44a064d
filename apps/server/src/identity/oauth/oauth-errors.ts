import { MESSAGES } from '@shopfront/core';

/**
 * Why a social / OpenID Connect sign-in ended without a session. `userMessage` is safe to show
 * (it goes into the /login URL or the popup message); `detail` is for the log only and never
 * holds a code, token or secret.
 */
export const OAUTH_FAILURES = {
  unavailable: 'unavailable',
  state: 'state',
  providerError: 'provider-error',
  exchange: 'exchange',
  idToken: 'id-token',
  emailMissing: 'email-missing',
  emailUnverified: 'email-unverified',
  signupsClosed: 'signups-closed',
  disabled: 'disabled',
} as const;
export type OAuthFailure = (typeof OAUTH_FAILURES)[keyof typeof OAUTH_FAILURES];

export const OAUTH_MESSAGES = {
  unavailable: 'This sign-in method is not available.',
  state: 'Your sign-in attempt expired or was already used. Please try again.',
  failed: (label: string) => `Sign-in with ${label} failed. Please try again.`,
  emailMissing: (label: string) =>
    `${label} did not share an email address with us. Please sign in with your email and password instead.`,
  emailUnverified: (label: string) =>
    `Your ${label} account has no verified email address. Verify it with ${label}, or sign in with your email and password.`,
  signupsClosed: `${MESSAGES.screens.signupsClosed} If you already have an account, sign in with it.`,
  disabled: MESSAGES.auth.userDisabled,
} as const;

export class OAuthFlowError extends Error {
  override name = 'OAuthFlowError';
  constructor(
    readonly kind: OAuthFailure,
    readonly userMessage: string,
    readonly detail?: string,
  ) {
    super(detail ? `${kind}: ${detail}` : kind);
  }
}
