import { ModeLink } from '#src/lib/mode-navigation.tsx';
import { AUTH_LINK_CLASS, AuthShell } from '../auth-shell.tsx';
import { StepProgress } from '../shared/step-progress.tsx';
import { CodeEntry } from '#src/components/forms/code-entry.tsx';
import { NewPasswordStep, ResetEmailStep, ResetSuccessStep } from './reset-steps.tsx';
import { usePasswordResetFlow, type ResetState } from './use-password-reset-flow.ts';

const STEPS = ['Email', 'Code', 'New password'] as const;
const STEP_INDEX: Record<ResetState['step'], number> = { email: 0, 'verify-code': 1, 'new-password': 2, success: 3 };
const TITLES: Record<ResetState['step'], string> = {
  email: 'Reset your password',
  'verify-code': 'Check your email',
  'new-password': 'Choose a new password',
  success: 'Password updated',
};

/** Spec §2 Password reset: email, verify-code, new-password, success. */
export function PasswordResetPage() {
  const flow = usePasswordResetFlow();
  const { state } = flow;
  return (
    <AuthShell
      title={TITLES[state.step]}
      subtitle={state.step === 'email' ? "We'll email you a 6-digit code to set a new password." : undefined}
      progress={<StepProgress steps={STEPS} current={STEP_INDEX[state.step]} />}
      footer={
        state.step === 'success' ? undefined : (
          <>
            Remembered it?{' '}
            <ModeLink to="/login" className={AUTH_LINK_CLASS}>
              Back to sign in
            </ModeLink>
          </>
        )
      }
    >
      {state.step === 'email' ? (
        <ResetEmailStep email={state.email} error={state.error} onSubmit={flow.submitEmail} />
      ) : state.step === 'verify-code' ? (
        <CodeEntry
          email={state.email}
          error={state.error}
          onSubmit={flow.submitCode}
          onResend={flow.resend}
          onChangeEmail={flow.startOver}
          submitLabel="Continue"
          pendingLabel="Verifying…"
        />
      ) : state.step === 'new-password' ? (
        <NewPasswordStep error={state.error} onSubmit={flow.submitPassword} onStartOver={flow.startOver} />
      ) : (
        <ResetSuccessStep />
      )}
    </AuthShell>
  );
}
