import type { User } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { CodeInput, isCompleteCode } from '#src/components/forms/code-input.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { QuietAction } from '#src/components/ui/quiet-action.tsx';

interface MfaStepProps {
  mfaToken: string;
  onSignedIn: (user: User) => void;
  onCancel: () => void;
}

/** Spec §4 "multi-factor required": the 6-digit code from the authenticator app finishes sign-in. */
export function MfaStep({ mfaToken, onSignedIn, onCancel }: MfaStepProps) {
  const [code, setCode] = useState('');
  const complete = useMutation({
    mutationFn: (value: string) => callFunction('completeMfaSignIn', { mfaToken, code: value }),
    onSuccess: (result) => {
      if (result.status === 'signed-in') onSignedIn(result.user);
    },
  });
  const ready = isCompleteCode(code);

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !complete.isPending) complete.mutate(code);
      }}
    >
      <p className="text-sm text-slate-600">Open your authenticator app and enter the 6-digit code it shows for Shopfront.</p>
      {complete.isError ? <Alert>{errorMessage(complete.error)}</Alert> : null}
      <CodeInput label="Authentication code" value={code} onChange={setCode} autoFocus disabled={complete.isPending} />
      <Button type="submit" className="w-full" disabled={!ready || complete.isPending} aria-busy={complete.isPending}>
        {complete.isPending ? 'Verifying…' : 'Verify and sign in'}
      </Button>
      <QuietAction onClick={onCancel}>Sign in with a different account</QuietAction>
    </form>
  );
}
