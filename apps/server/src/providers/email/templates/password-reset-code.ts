import { assertCode, brandName, expiryText, renderEmail, type RenderedEmail, type TemplateBrand } from './layout.ts';

export interface PasswordResetCodeParams extends TemplateBrand {
  /** 6 digits. */
  code: string;
  /** SECURITY.md: codes expire after 10 minutes. */
  expiresInMinutes?: number | undefined;
}

/** Password reset (`sendVerificationCode {type: 'password-reset'}`). */
export function passwordResetCodeEmail(params: PasswordResetCodeParams): RenderedEmail {
  assertCode(params.code);
  const product = brandName(params);
  const expiry = expiryText(params.expiresInMinutes ?? 10);
  return renderEmail(product, {
    subject: `${params.code} is your ${product} password reset code`,
    preheader: `Your password reset code ${expiry}.`,
    heading: 'Reset your password',
    blocks: [
      { kind: 'paragraph', text: `Enter this code to choose a new password for your ${product} account:` },
      { kind: 'code', code: params.code },
      { kind: 'paragraph', text: `This code ${expiry}.` },
      {
        kind: 'note',
        text: 'If you did not ask to reset your password, you can ignore this email; your password stays the same. Never share this code with anyone.',
      },
    ],
  });
}
