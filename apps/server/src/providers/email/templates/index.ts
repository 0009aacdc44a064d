export { escapeHtml } from './escape-html.ts';
export { DEFAULT_PRODUCT_NAME, type RenderedEmail, type TemplateBrand } from './layout.ts';
export { passwordResetCodeEmail, type PasswordResetCodeParams } from './password-reset-code.ts';
export { secondFactorLockedEmail, type SecondFactorLockedParams } from './second-factor-locked.ts';
export { signInLinkEmail, type SignInLinkParams } from './sign-in-link.ts';
export { verificationCodeEmail, type VerificationCodeParams } from './verification-code.ts';
export { welcomeEmail, type WelcomeParams } from './welcome.ts';
export { sendingPausedEmail, type SendingPausedParams } from './sending-paused.ts';
