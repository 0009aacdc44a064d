import { ComingSoon } from '../../../components/layout/coming-soon.tsx';
import { ModeLink } from '../../../lib/mode-navigation.tsx';
import { AUTH_LINK_CLASS, AuthShell } from './auth-shell.tsx';

/** Spec §2 Signup (form, verify-email, creating-account, success): the steps arrive with the identity issue. */
export function SignupPageBody() {
  return (
    <AuthShell
      title="Create your store"
      subtitle="Start selling your digital products in minutes."
      footer={
        <>
          Already have an account?{' '}
          <ModeLink to="/login" className={AUTH_LINK_CLASS}>
            Sign in
          </ModeLink>
        </>
      }
    >
      <ComingSoon title="Sign up" description="Creating an account with email verification is coming soon." />
    </AuthShell>
  );
}
