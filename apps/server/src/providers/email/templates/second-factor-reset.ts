import { assertHttpUrl, brandName, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface SecondFactorResetParams extends TemplateBrand {
  /** Absolute http(s) link to the sign-in page. */
  signInUrl: string;
}

/**
 * Told to the owner when an operator removed their two-step verification (`npm run admin --
 * reset-2fa`). Carries neither the operator's reason (it may hold support notes) nor any secret.
 */
export function secondFactorResetEmail(params: SecondFactorResetParams): RenderedEmail {
  const product = brandName(params);
  return renderEmail(product, {
    subject: `Two-step verification was removed from your ${product} account`,
    preheader: 'You were signed out everywhere. Sign in with your password and set it up again.',
    heading: 'Two-step verification was removed',
    blocks: [
      {
        kind: 'paragraph',
        text: `${product} support removed two-step verification and your recovery codes from your account, and signed you out on every device.`,
      },
      { kind: 'paragraph', text: 'Sign in with your password, then turn two-step verification on again in Settings › Security.' },
      { kind: 'action', label: `Go to ${product} sign-in`, url: assertHttpUrl(params.signInUrl) },
      { kind: 'note', text: 'If you did not ask for this, reset your password now with “Forgot password” on the sign-in page and contact support.' },
    ],
  });
}
