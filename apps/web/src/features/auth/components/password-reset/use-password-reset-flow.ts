import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';

/** Spec §4 password reset: email → verify-code → new-password → success. */
export type ResetState =
  | { step: 'email'; email: string; error: string | null }
  | { step: 'verify-code'; email: string; error: string | null }
  | { step: 'new-password'; email: string; code: string; error: string | null }
  | { step: 'success'; email: string };

export function usePasswordResetFlow() {
  const [state, setState] = useState<ResetState>({ step: 'email', email: '', error: null });

  const sendCode = useMutation({ mutationFn: (email: string) => callFunction('sendVerificationCode', { email, type: 'password-reset' }) });
  const resendCode = useMutation({ mutationFn: (email: string) => callFunction('resendVerificationCode', { email, type: 'password-reset' }) });
  const verifyCode = useMutation({
    mutationFn: (input: { email: string; code: string }) => callFunction('verifyEmailCode', { ...input, type: 'password-reset' }),
  });
  const confirm = useMutation({
    mutationFn: (input: { email: string; code: string; newPassword: string }) => callFunction('confirmPasswordReset', input),
  });

  async function submitEmail(email: string) {
    try {
      await sendCode.mutateAsync(email);
      setState({ step: 'verify-code', email, error: null });
    } catch (error) {
      setState({ step: 'email', email, error: errorMessage(error) });
    }
  }

  async function submitCode(code: string) {
    if (state.step !== 'verify-code') return;
    try {
      await verifyCode.mutateAsync({ email: state.email, code });
      setState({ step: 'new-password', email: state.email, code, error: null });
    } catch (error) {
      setState({ ...state, error: errorMessage(error) });
    }
  }

  async function submitPassword(newPassword: string) {
    if (state.step !== 'new-password') return;
    try {
      await confirm.mutateAsync({ email: state.email, code: state.code, newPassword });
      setState({ step: 'success', email: state.email });
    } catch (error) {
      setState({ ...state, error: errorMessage(error) });
    }
  }

  return {
    state,
    submitEmail,
    submitCode,
    submitPassword,
    resend: () => resendCode.mutateAsync(state.email),
    startOver: () => setState({ step: 'email', email: state.email, error: null }),
  };
}
