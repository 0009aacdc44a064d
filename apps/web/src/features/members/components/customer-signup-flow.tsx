import type { CustomerAccount } from '@shopfront/core';
import { useState } from 'react';
import { CodeEntry } from '#src/components/forms/code-entry.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useCustomerSignUp, useSendCustomerCode } from '../api/members-api.ts';
import { CustomerSignupForm, EMPTY_MEMBER_SIGNUP, type MemberSignup } from './customer-signup-form.tsx';

export const SIGNUP_STEPS = ['Your details', 'Verify email'] as const;

type SignupState = { step: 'details'; values: MemberSignup; error: string | null } | { step: 'verify'; values: MemberSignup };

/**
 * Members signup: details → sendCustomerCode (signup) → the 6-digit code → customerSignUp, which
 * signs the customer in (GuestCustomer then goes to the members home). `onSignedUp` hears of the
 * new account (the members mode reports a referred signup with it).
 */
export function CustomerSignupFlow({
  storeId,
  onStepChange,
  onSignedUp,
}: {
  storeId: string;
  onStepChange?: (step: number) => void;
  onSignedUp?: (customer: CustomerAccount) => void;
}) {
  const [state, setState] = useState<SignupState>({ step: 'details', values: EMPTY_MEMBER_SIGNUP, error: null });
  const sendCode = useSendCustomerCode(storeId, 'signup');
  const signUp = useCustomerSignUp(storeId);

  const go = (next: SignupState) => {
    setState(next);
    onStepChange?.(next.step === 'details' ? 0 : 1);
  };

  if (state.step === 'details') {
    return (
      <CustomerSignupForm
        key="details"
        defaultValues={state.values}
        error={state.error}
        onSubmit={async (values) => {
          try {
            await sendCode.mutateAsync(values.email);
            go({ step: 'verify', values });
          } catch (error) {
            go({ step: 'details', values, error: errorMessage(error) });
          }
        }}
      />
    );
  }

  const { values } = state;
  return (
    <CodeEntry
      email={values.email}
      note="Anything you bought from this store with this email will appear in your account once it is verified."
      incompleteCode="explain"
      submitLabel="Verify and create account"
      pendingLabel="Creating your account…"
      error={signUp.isError ? errorMessage(signUp.error) : null}
      onSubmit={async (code) => {
        const created = await signUp.mutateAsync({ ...values, code }).catch(() => null);
        if (created) onSignedUp?.(created.customer);
      }}
      onResend={() => sendCode.mutateAsync(values.email)}
      onChangeEmail={() => {
        signUp.reset();
        go({ step: 'details', values, error: null });
      }}
    />
  );
}
