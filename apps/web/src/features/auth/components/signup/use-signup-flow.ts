import type { User } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { callFunction } from '#src/lib/call-function.ts';
import { createFirstStore } from '#src/features/auth/api/create-first-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { EMPTY_SIGNUP, type SignupDetails, type SignupFormValues } from './signup-form.tsx';

/** Spec §4 signup: form → verify-email → creating-account → success. */
export type SignupState =
  | { step: 'form'; values: SignupFormValues; error: string | null }
  | { step: 'verify-email'; values: SignupFormValues; details: SignupDetails; error: string | null; emailVerified: boolean }
  | { step: 'creating-account'; details: SignupDetails; phase: 'account' | 'store' }
  | { step: 'success'; user: User; storeIssue: boolean }
  | { step: 'mfa-required'; mfaToken: string };

export function useSignupFlow() {
  const [state, setState] = useState<SignupState>({ step: 'form', values: EMPTY_SIGNUP, error: null });

  const sendCode = useMutation({ mutationFn: (email: string) => callFunction('sendVerificationCode', { email, type: 'signup' }) });
  const resendCode = useMutation({ mutationFn: (email: string) => callFunction('resendVerificationCode', { email, type: 'signup' }) });
  const verifyCode = useMutation({ mutationFn: (input: { email: string; code: string }) => callFunction('verifyEmailCode', { ...input, type: 'signup' }) });
  const signUp = useMutation({
    mutationFn: (details: SignupDetails) =>
      callFunction('signUp', { email: details.email, password: details.password, firstName: details.firstName, lastName: details.lastName }),
  });

  /** Spec §4: failure to send returns to the form, with the server's message. */
  async function submitForm(details: SignupDetails, values: SignupFormValues) {
    try {
      await sendCode.mutateAsync(details.email);
      setState({ step: 'verify-email', values, details, error: null, emailVerified: false });
    } catch (error) {
      setState({ step: 'form', values, error: errorMessage(error) });
    }
  }

  /** Spec §4: failure to verify or to create returns to verify-email. */
  async function verifyAndCreate(details: SignupDetails, values: SignupFormValues, code: string | null) {
    if (code !== null) {
      try {
        await verifyCode.mutateAsync({ email: details.email, code });
      } catch (error) {
        setState({ step: 'verify-email', values, details, error: errorMessage(error), emailVerified: false });
        return;
      }
    }
    setState({ step: 'creating-account', details, phase: 'account' });
    let result;
    try {
      result = await signUp.mutateAsync(details);
    } catch (error) {
      // The email stays verified for 30 minutes, so "Try again" needs no new code.
      setState({ step: 'verify-email', values, details, error: errorMessage(error), emailVerified: true });
      return;
    }
    if (result.status === 'mfa-required') {
      setState({ step: 'mfa-required', mfaToken: result.mfaToken });
      return;
    }
    setState({ step: 'creating-account', details, phase: 'store' });
    const store = await createFirstStore({ storeName: details.storeName, slug: details.slug });
    setState({ step: 'success', user: result.user, storeIssue: store.status !== 'created' });
  }

  return {
    state,
    submitForm,
    verify: (code: string | null) => {
      if (state.step !== 'verify-email') return Promise.resolve();
      return verifyAndCreate(state.details, state.values, code);
    },
    resend: () => (state.step === 'verify-email' ? resendCode.mutateAsync(state.details.email) : Promise.resolve()),
    backToForm: () => {
      if (state.step === 'verify-email') setState({ step: 'form', values: state.values, error: null });
    },
  };
}
