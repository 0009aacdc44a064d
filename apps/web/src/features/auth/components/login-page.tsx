import { ModeLink } from '../../../lib/mode-navigation.tsx';
import { toast } from '../../../lib/toast.ts';
import { AUTH_LINK_CLASS, AuthShell } from './auth-shell.tsx';
import { GuestOnly } from './guest-only.tsx';
import { LoginFormFields } from './login-form.tsx';

/** Spec §2 Login screen. The sign-in call itself arrives with the identity issue. */
export function LoginPage() {
  return (
    <GuestOnly>
      <AuthShell
        title="Sign in to your store"
        subtitle="Welcome back. Enter your details to continue."
        footer={
          <>
            New to Shopfront?{' '}
            <ModeLink to="/signup" className={AUTH_LINK_CLASS}>
              Create an account
            </ModeLink>
          </>
        }
      >
        <LoginFormFields
          onSubmit={() => {
            toast.info('Signing in arrives with the identity update. Your details look valid.');
          }}
          extra={
            <div className="flex justify-end">
              <ModeLink to="/password-reset" className={`text-sm ${AUTH_LINK_CLASS}`}>
                Forgot password?
              </ModeLink>
            </div>
          }
        />
      </AuthShell>
    </GuestOnly>
  );
}
