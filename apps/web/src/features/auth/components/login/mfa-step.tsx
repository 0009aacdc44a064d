import type { User } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { CodeInput, isCompleteCode } from '#src/components/forms/code-input.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { QuietAction } from '#src/components/ui/quiet-action.tsx';
import { RecoveryCodeForm } from './recovery-code-form.tsx';

interface MfaStepProps {
  mfaToken: string;
  onSignedIn: (user: User) => void;
  onCancel: () => void;
}

/**
 * Spec §4 "multi-factor required": the 6-digit code from the authenticator app finishes sign-in,
 * or, after "Lost your device?", a recovery code (same challenge).
 */
export function MfaStep({ mfaToken, onSignedIn, onCancel }: MfaStepProps) {
  const [method, setMethod] = useState<'app' | 'recovery'>('app');
  if (method === 'recovery') return <RecoveryCodeForm mfaToken={mfaToken} onSignedIn={onSignedIn} onUseApp={() => setMethod('app')} />;
  return <AppCodeForm mfaToken={mfaToken} onSignedIn={onSignedIn} onCancel={onCancel} onLostDevice={() => setMethod('recovery')} />;
}

function AppCodeForm({ mfaToken, onSignedIn, onCancel, onLostDevice }: MfaStepProps & { onLostDevice: () => void }) {
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
      <p className="text-center text-sm text-slate-600">
        <button type="button" onClick={onLostDevice} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
          Lost your device?
        </button>{' '}
        Use a recovery code.
      </p>
      <QuietAction onClick={onCancel}>Sign in with a different account</QuietAction>
    </form>
  );
}
