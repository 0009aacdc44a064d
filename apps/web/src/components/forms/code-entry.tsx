import { MESSAGES } from '@shopfront/core';
import { useState, type ReactNode } from 'react';
import { Alert } from '../ui/alert.tsx';
import { Button } from '../ui/button.tsx';
import { QuietAction } from '../ui/quiet-action.tsx';
import { CodeInput, isCompleteCode } from './code-input.tsx';
import { ResendCode } from './resend-code.tsx';

export interface CodeEntryProps {
  /** Where the code went: "We sent a 6-digit code to {email}". */
  email: string;
  /** Called with a complete 6-digit code; the button shows `pendingLabel` until it settles. */
  onSubmit: (code: string) => Promise<void>;
  onResend: () => Promise<unknown>;
  onChangeEmail: () => void;
  submitLabel: string;
  pendingLabel: string;
  /** The last attempt's error (a wrong or expired code, a server refusal). */
  error?: string | null;
  /** Shown under the "we sent a code" line, e.g. what verifying the email unlocks. */
  note?: ReactNode;
  /** More fields between the code and the button (a new password and its confirmation). */
  children?: ReactNode;
  /**
   * Before six digits are in: `disable` keeps the button disabled; `explain` lets it be pressed
   * and says "Please enter the 6-digit code" under the field.
   */
  incompleteCode?: 'disable' | 'explain';
}

/**
 * Spec §2/§5 verify step, for creators and store members alike: the 6-digit code from the email,
 * resend after 60 s, or a different address.
 */
export function CodeEntry({ email, onSubmit, onResend, onChangeEmail, submitLabel, pendingLabel, error, note, children, incompleteCode = 'disable' }: CodeEntryProps) {
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [showIncomplete, setShowIncomplete] = useState(false);
  const complete = isCompleteCode(code);

  return (
    <CodeStep onResend={onResend} onChangeEmail={onChangeEmail}>
      <form
        noValidate
        className="space-y-5"
        onSubmit={async (event) => {
          event.preventDefault();
          if (pending) return;
          if (!complete) {
            setShowIncomplete(true);
            return;
          }
          setPending(true);
          try {
            await onSubmit(code);
          } finally {
            setPending(false);
          }
        }}
      >
        <p className="text-sm text-slate-600">
          We sent a 6-digit code to <span className="font-semibold text-slate-900 wrap-anywhere">{email}</span>. It expires in 10 minutes.
        </p>
        {note ? <p className="rounded-xl bg-brand-50 p-3 text-sm text-slate-700">{note}</p> : null}
        {error ? <Alert>{error}</Alert> : null}
        <CodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            setShowIncomplete(false);
          }}
          autoFocus
          disabled={pending}
          error={showIncomplete ? MESSAGES.validation.verificationCodeInvalid : undefined}
        />
        {children}
        <Button type="submit" className="w-full" disabled={pending || (incompleteCode === 'disable' && !complete)} aria-busy={pending}>
          {pending ? pendingLabel : submitLabel}
        </Button>
      </form>
    </CodeStep>
  );
}

/** A step after a code was emailed: its content, then "Resend code" and "Use a different email". */
export function CodeStep({ onResend, onChangeEmail, children }: { onResend: () => Promise<unknown>; onChangeEmail: () => void; children: ReactNode }) {
  return (
    <div className="space-y-6">
      {children}
      <ResendCode onResend={onResend} />
      <QuietAction onClick={onChangeEmail}>Use a different email</QuietAction>
    </div>
  );
}
