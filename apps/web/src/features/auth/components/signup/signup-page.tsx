import { useEffect } from 'react';
import { useAppContext } from '#src/lib/app-context.tsx';
import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { useModeNavigate } from '#src/features/auth/hooks/use-mode-navigate.ts';
import { AUTH_LINK_CLASS, AuthShell } from '../auth-shell.tsx';
import { StepProgress } from '../shared/step-progress.tsx';
import { CodeEntry } from '#src/components/forms/code-entry.tsx';
import { SignupForm } from './signup-form.tsx';
import { CreatingAccount, RetryCreate, SignupSuccess } from './signup-steps.tsx';
import { useSignupFlow, type SignupState } from './use-signup-flow.ts';

const STEPS = ['Your details', 'Verify email', 'Done'] as const;
const STEP_INDEX: Record<SignupState['step'], number> = { form: 0, 'verify-email': 1, 'creating-account': 2, success: 2, 'mfa-required': 2 };
const TITLES: Record<SignupState['step'], string> = {
  form: 'Create your store',
  'verify-email': 'Check your email',
  'creating-account': 'Creating your account',
  success: "You're all set",
  'mfa-required': 'One more step',
};

/** The store URL's host as visitors will see it. */
function useStoreHost(): string {
  const { config, host } = useAppContext();
  try {
    return new URL(config.publicUrl).host;
  } catch {
    return host;
  }
}

/** Spec §2 Signup: form, verify-email, creating-account, success. */
export function SignupPageBody() {
  const flow = useSignupFlow();
  const { state } = flow;
  const host = useStoreHost();
  const navigate = useModeNavigate();
  const mfaToken = state.step === 'mfa-required' ? state.mfaToken : null;

  useEffect(() => {
    if (mfaToken) navigate(`/login?${new URLSearchParams({ mfa: mfaToken })}`, { replace: true });
  }, [mfaToken, navigate]);

  const title = state.step === 'success' && state.storeIssue ? 'Account created' : TITLES[state.step];
  return (
    <AuthShell
      title={title}
      subtitle={state.step === 'form' ? 'Start selling your digital products in minutes.' : undefined}
      progress={<StepProgress steps={STEPS} current={STEP_INDEX[state.step]} />}
      footer={
        state.step === 'form' || state.step === 'verify-email' ? (
          <>
            Already have an account?{' '}
            <ModeLink to="/login" className={AUTH_LINK_CLASS}>
              Sign in
            </ModeLink>
          </>
        ) : undefined
      }
    >
      {state.step === 'form' ? (
        <SignupForm host={host} defaultValues={state.values} error={state.error} onSubmit={flow.submitForm} />
      ) : state.step === 'verify-email' ? (
        state.emailVerified ? (
          <RetryCreate error={state.error} onRetry={() => flow.verify(null)} onResend={flow.resend} onChangeEmail={flow.backToForm} />
        ) : (
          <CodeEntry
            email={state.details.email}
            error={state.error}
            onSubmit={(code) => flow.verify(code)}
            onResend={flow.resend}
            onChangeEmail={flow.backToForm}
            submitLabel="Verify and create account"
            pendingLabel="Verifying…"
          />
        )
      ) : state.step === 'creating-account' ? (
        <CreatingAccount phase={state.phase} />
      ) : state.step === 'success' ? (
        <SignupSuccess user={state.user} storeIssue={state.storeIssue} />
      ) : null}
    </AuthShell>
  );
}
