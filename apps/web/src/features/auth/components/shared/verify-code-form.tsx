import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { CodeInput, isCompleteCode } from './code-input.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { ResendCode } from './resend-code.tsx';

interface VerifyCodeFormProps {
  email: string;
  onVerify: (code: string) => Promise<void>;
  onResend: () => Promise<unknown>;
  onChangeEmail: () => void;
  error?: string | null;
  submitLabel?: string;
  pendingLabel?: string;
}

/** Spec §2/§5 verify step: the 6-digit code from the email, resend after 60 s, or a different address. */
export function VerifyCodeForm({ email, onVerify, onResend, onChangeEmail, error, submitLabel = 'Verify email', pendingLabel = 'Verifying…' }: VerifyCodeFormProps) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const complete = isCompleteCode(code);

  return (
    <div className="space-y-6">
      <form
        noValidate
        className="space-y-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!complete || pending) return;
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
        {error ? <Alert>{error}</Alert> : null}
        <CodeInput value={code} onChange={setCode} autoFocus disabled={pending} />
        <Button type="submit" className="w-full" disabled={!complete || pending} aria-busy={pending}>
          {pending ? pendingLabel : submitLabel}
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
