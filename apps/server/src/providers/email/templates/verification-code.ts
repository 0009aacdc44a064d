import { assertCode, brandName, expiryText, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface VerificationCodeParams extends TemplateBrand {
  /** 6 digits. */
  code: string;
  /** SECURITY.md: codes expire after 10 minutes. */
  expiresInMinutes?: number | undefined;
}

/** Sign-up email verification (`sendVerificationCode {type: 'signup'}`). */
export function verificationCodeEmail(params: VerificationCodeParams): RenderedEmail {
  assertCode(params.code);
  const product = brandName(params);
  const expiry = expiryText(params.expiresInMinutes ?? 10);
  return renderEmail(product, {
    subject: `${params.code} is your ${product} verification code`,
    preheader: `Your verification code ${expiry}.`,
    heading: 'Verify your email',
    blocks: [
      { kind: 'paragraph', text: `Enter this code to finish signing up for ${product}:` },
      { kind: 'code', code: params.code },
      { kind: 'paragraph', text: `This code ${expiry}.` },
      { kind: 'note', text: 'If you did not try to sign up, you can ignore this email. Never share this code with anyone.' },
    ],
  });
}
