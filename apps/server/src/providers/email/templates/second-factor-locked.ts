import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface SecondFactorLockedParams extends TemplateBrand {
  /** Minutes until codes are accepted again; left out when only a password reset unlocks. */
  pausedForMinutes?: number | undefined;
  /** Absolute http(s) link to the sign-in page (where "Forgot password" starts a reset). */
  signInUrl: string;
}

/**
 * Told to the account owner once per second-factor lockout. Never carries a code or a secret:
 * only what happened and what to do.
 */
export function secondFactorLockedEmail(params: SecondFactorLockedParams): RenderedEmail {
  const product = brandName(params);
  const locked = params.pausedForMinutes === undefined;
  const what = locked
    ? 'Two-step verification for your account is now locked. To unlock it, reset your password with “Forgot password” on the sign-in page.'
    : `Two-step verification for your account is paused for ${params.pausedForMinutes} minutes. After that you can sign in as usual.`;
  return renderEmail(product, {
    subject: `Too many wrong sign-in codes on your ${product} account`,
    preheader: locked ? 'Reset your password to unlock two-step verification.' : 'Sign-in codes are paused for a while.',
    heading: 'Too many wrong sign-in codes',
    blocks: [
      { kind: 'paragraph', text: 'Someone entered your password correctly, then too many wrong codes from your authenticator app or wrong recovery codes.' },
      { kind: 'paragraph', text: what },
      { kind: 'action', label: `Go to ${product} sign-in`, url: assertHttpUrl(params.signInUrl) },
      { kind: 'note', text: 'If this was not you, someone knows your password: reset it now, and sign out of devices you do not recognise.' },
    ],
  });
}
