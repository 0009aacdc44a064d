import { MESSAGES } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { CodeInput, ResendCode } from '#src/features/auth/index.ts';

interface SignupVerifyStepProps {
  email: string;
  error: string | null;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<unknown>;
  onChangeEmail: () => void;
}

/** Step 2: the emailed code (digits only, exactly 6), resend after 60 s, or another address. */
export function SignupVerifyStep({ email, error, onVerify, onResend, onChangeEmail }: SignupVerifyStepProps) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [incomplete, setIncomplete] = useState(false);

  return (
    <div className="space-y-6">
      <form
        noValidate
        className="space-y-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (pending) return;
          if (!/^\d{6}$/.test(code)) {
            setIncomplete(true);
            return;
          }
          setPending(true);
          try {
            await onVerify(code);
          } finally {
            setPending(false);
          }
        }}
      >
        <p className="text-sm text-slate-600">
          We sent a 6-digit code to <span className="font-semibold text-slate-900 wrap-anywhere">{email}</span>. It expires in 10 minutes.
        </p>
        <p className="rounded-xl bg-brand-50 p-3 text-sm text-slate-700">Anything you bought from this store with this email will appear in your account once it is verified.</p>
        {error ? <Alert>{error}</Alert> : null}
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setIncomplete(false);
          }}
          autoFocus
          disabled={pending}
          error={incomplete ? MESSAGES.validation.verificationCodeInvalid : undefined}
        />
        <Button type="submit" className="w-full" disabled={pending} aria-busy={pending}>
          {pending ? 'Creating your account…' : 'Verify and create account'}
        </Button>
      </form>
      <ResendCode onResend={onResend} />
      <p className="text-center text-sm">
        <button type="button" onClick={onChangeEmail} className="font-medium text-slate-600 underline-offset-2 hover:text-slate-900 hover:underline">
          Use a different email
        </button>
      </p>
    </div>
  );
}
