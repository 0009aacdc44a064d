import type { User } from '@shopfront/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { QuietAction } from '#src/components/ui/quiet-action.tsx';
import { TextField } from '#src/components/ui/text-field.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';

interface RecoveryCodeFormProps {
  mfaToken: string;
  onSignedIn: (user: User) => void;
  onUseApp: () => void;
}

/** "Lost your device?": one of the recovery codes saved at enrolment finishes sign-in instead of the app's code. */
export function RecoveryCodeForm({ mfaToken, onSignedIn, onUseApp }: RecoveryCodeFormProps) {
  const [code, setCode] = useState('');
  const complete = useMutation({
    mutationFn: (recoveryCode: string) => callFunction('completeMfaSignInWithRecoveryCode', { mfaToken, recoveryCode }),
    onSuccess: (result) => {
      if (result.status === 'signed-in') onSignedIn(result.user);
    },
  });
  const ready = code.trim().length > 0;

  return (
    <form
      noValidate
      className="space-y-5"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !complete.isPending) complete.mutate(code);
      }}
    >
      <p className="text-sm text-slate-600">
        Enter one of the recovery codes you saved when you turned on two-step verification. Each code works once; we will email you when one is used.
      </p>
      {complete.isError ? <Alert>{errorMessage(complete.error)}</Alert> : null}
      <TextField
        label="Recovery code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        disabled={complete.isPending}
        autoFocus
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        placeholder="xxxxx-xxxxx"
        maxLength={32}
        hint="Dashes, spaces and capitals do not matter."
      />
      <Button type="submit" className="w-full" disabled={!ready || complete.isPending} aria-busy={complete.isPending}>
        {complete.isPending ? 'Verifying…' : 'Sign in with recovery code'}
      </Button>
      <QuietAction onClick={onUseApp}>Use your authenticator app instead</QuietAction>
    </form>
  );
}
