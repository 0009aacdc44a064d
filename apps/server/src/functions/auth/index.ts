import type { HandlerRegistry } from '../types.ts';
import { completeMfaSignIn } from './complete-mfa-sign-in.ts';
import { completeMfaSignInWithRecoveryCode } from './complete-mfa-sign-in-with-recovery-code.ts';
import { confirmPasswordReset } from './confirm-password-reset.ts';
import { confirmTotpEnrollment } from './confirm-totp-enrollment.ts';
import { disableTotp } from './disable-totp.ts';
import { getAuthProviders } from './get-auth-providers.ts';
import { getCurrentUser } from './get-current-user.ts';
import { getRecoveryCodeStatus } from './get-recovery-code-status.ts';
import { regenerateRecoveryCodes } from './regenerate-recovery-codes.ts';
import { resendVerificationCode } from './resend-verification-code.ts';
import { sendSignInLink } from './send-sign-in-link.ts';
import { sendVerificationCode } from './send-verification-code.ts';
import { signInWithEmailLink } from './sign-in-with-email-link.ts';
import { signInWithPassword } from './sign-in-with-password.ts';
import { signOut } from './sign-out.ts';
import { signUp } from './sign-up.ts';
import { startTotpEnrollment } from './start-totp-enrollment.ts';
import { updateProfile } from './update-profile.ts';
import { verifyEmailCode } from './verify-email-code.ts';

/** The auth handlers; ../index.ts spreads them into the registry. */
export const authHandlers = {
  sendVerificationCode,
  resendVerificationCode,
  verifyEmailCode,
  signUp,
  signInWithPassword,
  completeMfaSignIn,
  signOut,
  getCurrentUser,
  updateProfile,
  confirmPasswordReset,
  sendSignInLink,
  signInWithEmailLink,
  getAuthProviders,
  startTotpEnrollment,
  confirmTotpEnrollment,
  disableTotp,
  completeMfaSignInWithRecoveryCode,
  regenerateRecoveryCodes,
  getRecoveryCodeStatus,
} satisfies Partial<HandlerRegistry>;
