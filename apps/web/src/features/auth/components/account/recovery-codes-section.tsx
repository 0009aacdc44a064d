import { RECOVERY_CODES_LOW } from '@shopfront/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { RECOVERY_CODE_STATUS_QUERY_KEY, useRecoveryCodeStatus } from '#src/features/auth/api/use-recovery-code-status.ts';
import { RecoveryCodesDisplay } from './recovery-codes-display.tsx';
import { isSecondFactorReady, SecondFactorCodeField, type SecondFactorKind } from './second-factor-code-field.tsx';

function lowCodesText(remaining: number): string {
  return remaining === 0
    ? 'You have no recovery codes left. Generate new ones, or losing your phone will lock you out.'
    : `Only ${remaining} recovery ${remaining === 1 ? 'code' : 'codes'} left. Generate new ones so losing your phone does not lock you out.`;
}

/** Settings › Security with two-step verification on: codes left, a warning when few, and a new set. */
export function RecoveryCodesSection({ email }: { email: string }) {
  const status = useRecoveryCodeStatus(true);
  const [mode, setMode] = useState<'idle' | 'regenerate'>('idle');

  return (
    <div className="space-y-3">
      <h3 className="text-base font-semibold text-slate-900">Recovery codes</h3>
      {status.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Checking your recovery codes…
        </p>
      ) : status.isError ? (
        <Alert>
          {errorMessage(status.error)}{' '}
          <button type="button" className="font-semibold underline" onClick={() => void status.refetch()}>
            Try again
          </button>
        </Alert>
      ) : (
        <>
          <p className="text-sm text-slate-600">
            <span className="font-semibold text-slate-900" data-testid="recovery-codes-left">
              {status.data.remaining} of {status.data.total}
            </span>{' '}
            left. Each one signs you in once if you lose your phone.
          </p>
          {status.data.remaining <= RECOVERY_CODES_LOW ? <Alert tone="warning">{lowCodesText(status.data.remaining)}</Alert> : null}
        </>
      )}
      {mode === 'regenerate' ? (
        <RegenerateRecoveryCodes email={email} onDone={() => setMode('idle')} />
      ) : (
        <Button variant="secondary" onClick={() => setMode('regenerate')}>
          Generate new recovery codes
        </Button>
      )}
    </div>
  );
}

function RegenerateRecoveryCodes({ email, onDone }: { email: string; onDone: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<SecondFactorKind>('totp');
  const regenerate = useMutation({
    mutationFn: (value: string) => callFunction('regenerateRecoveryCodes', { code: value }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RECOVERY_CODE_STATUS_QUERY_KEY }),
  });
  if (regenerate.data) {
    const notice = 'New recovery codes are ready. Your old codes no longer work.';
    return <RecoveryCodesDisplay codes={regenerate.data.recoveryCodes} email={email} notice={notice} onDone={onDone} />;
  }
  const ready = isSecondFactorReady(kind, code);

  return (
    <form
      noValidate
      className="space-y-4 rounded-xl bg-slate-50 p-4 ring-1 ring-inset ring-slate-200"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !regenerate.isPending) regenerate.mutate(code);
      }}
    >
      <p className="text-sm text-slate-600">New codes replace your current ones: every code you saved before stops working. Confirm it is you first.</p>
      {regenerate.isError ? <Alert>{errorMessage(regenerate.error)}</Alert> : null}
      <SecondFactorCodeField kind={kind} value={code} onChange={setCode} onKindChange={setKind} disabled={regenerate.isPending} autoFocus />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!ready || regenerate.isPending} aria-busy={regenerate.isPending}>
          {regenerate.isPending ? 'Generating…' : 'Generate new codes'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={regenerate.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
