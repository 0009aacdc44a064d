import { ComingSoon } from '../../../components/layout/coming-soon.tsx';
import { ModeLink } from '../../../lib/mode-navigation.tsx';
import { AUTH_LINK_CLASS, AuthShell } from './auth-shell.tsx';

/** Spec §2 Password reset (email, verify-code, new-password, success): steps arrive with the identity issue. */
export function PasswordResetPage() {
  return (
    <AuthShell
      title="Reset your password"
      subtitle="We'll email you a 6-digit code to set a new password."
      footer={
        <>
          Remembered it?{' '}
          <ModeLink to="/login" className={AUTH_LINK_CLASS}>
            Back to sign in
          </ModeLink>
        </>
      }
    >
      <ComingSoon title="Password reset" description="Resetting your password by email code is coming soon." />
    </AuthShell>
  );
}
