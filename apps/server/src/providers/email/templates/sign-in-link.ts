import { assertHttpUrl, brandName, expiryText, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface SignInLinkParams extends TemplateBrand {
  /** The absolute http(s) link that signs the user in (`sendSignInLink`). */
  url: string;
  /** Pass the real lifetime of the link token. */
  expiresInMinutes?: number | undefined;
}

/** Email-link sign-in (`sendSignInLink`). */
export function signInLinkEmail(params: SignInLinkParams): RenderedEmail {
  const url = assertHttpUrl(params.url);
  const product = brandName(params);
  const expiry = expiryText(params.expiresInMinutes ?? 10);
  return renderEmail(product, {
    subject: `Sign in to ${product}`,
    preheader: `Your sign-in link ${expiry}.`,
    heading: `Sign in to ${product}`,
    blocks: [
      { kind: 'paragraph', text: 'Use this button to sign in. No password needed.' },
      { kind: 'action', label: `Sign in to ${product}`, url },
      { kind: 'paragraph', text: `This link ${expiry}.` },
      { kind: 'note', text: 'If you did not ask to sign in, you can ignore this email. Do not forward it: anyone with this link can sign in as you.' },
    ],
  });
}
