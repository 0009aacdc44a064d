import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { callFunction } from '#src/lib/call-function.ts';
import { toast } from '#src/lib/toast.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { CodeInput, isCompleteCode } from '#src/components/forms/code-input.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { RECOVERY_CODE_STATUS_QUERY_KEY } from '#src/features/auth/api/use-recovery-code-status.ts';
import { QrImage } from './qr-image.tsx';
import { RecoveryCodesDisplay } from './recovery-codes-display.tsx';
import { isSecondFactorReady, SecondFactorCodeField, type SecondFactorKind } from './second-factor-code-field.tsx';

/** "ABCD EFGH …": easier to type from the screen. */
export function groupSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Enrolment: the QR code, the first code, then the recovery codes (shown this once). */
export function TotpEnrolment({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const email = useSession().data?.email ?? '';
  const [code, setCode] = useState('');
  const start = useMutation({ mutationFn: () => callFunction('startTotpEnrollment', {}) });
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);
  const confirm = useMutation({
    mutationFn: (value: string) => callFunction('confirmTotpEnrollment', { code: value }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: RECOVERY_CODE_STATUS_QUERY_KEY });
    },
  });

  if (confirm.data) {
    const notice = 'Two-step verification is on. One last step: save your recovery codes.';
    return <RecoveryCodesDisplay codes={confirm.data.recoveryCodes} email={email} notice={notice} onDone={onDone} />;
  }

  if (!start.data) {
    return start.isError ? (
      <div className="space-y-4">
        <Alert>{errorMessage(start.error)}</Alert>
        <div className="flex flex-wrap gap-3">
          <Button onClick={() => start.mutate()}>Try again</Button>
          <Button variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </div>
      </div>
    ) : (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
        Preparing your QR code…
      </p>
    );
  }

  const enrolment = start.data;
  return (
    <form
      noValidate
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        if (isCompleteCode(code) && !confirm.isPending) confirm.mutate(code);
      }}
    >
      <ol className="space-y-6">
        <li className="space-y-3">
          <p className="text-sm font-medium text-slate-800">1. Scan this QR code with your authenticator app</p>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            <QrImage svg={enrolment.qrSvg} label="QR code for your authenticator app" />
            <div className="min-w-0 space-y-1.5 text-sm">
              <p className="text-slate-600">Can&apos;t scan it? Enter this key by hand:</p>
              <code data-testid="totp-secret" className="block break-words rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm font-semibold tracking-wide text-slate-900">
                {groupSecret(enrolment.secret)}
              </code>
            </div>
          </div>
        </li>
        <li className="space-y-3">
          <p className="text-sm font-medium text-slate-800">2. Enter the 6-digit code the app shows</p>
          {confirm.isError ? <Alert>{errorMessage(confirm.error)}</Alert> : null}
          <div className="max-w-xs">
            <CodeInput label="Authentication code" value={code} onChange={setCode} disabled={confirm.isPending} />
          </div>
        </li>
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={!isCompleteCode(code) || confirm.isPending} aria-busy={confirm.isPending}>
          {confirm.isPending ? 'Turning on…' : 'Turn on'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={confirm.isPending}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/** Turning it off needs a code from the app, or a recovery code for someone who lost the app. */
export function TotpDisable({ onDone }: { onDone: () => void }) {
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<SecondFactorKind>('totp');
  const disable = useMutation({
    mutationFn: (value: string) => callFunction('disableTotp', { code: value }),
    onSuccess: async () => {
      toast.success('Two-step verification is off.');
      await queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: RECOVERY_CODE_STATUS_QUERY_KEY });
      onDone();
    },
  });
  const ready = isSecondFactorReady(kind, code);
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (ready && !disable.isPending) disable.mutate(code);
      }}
    >
      <p className="text-sm text-slate-600">
        {kind === 'totp'
          ? 'Enter a code from your authenticator app to turn two-step verification off.'
          : 'Enter one of your recovery codes to turn two-step verification off. Your recovery codes stop working too.'}
      </p>
      {disable.isError ? <Alert>{errorMessage(disable.error)}</Alert> : null}
      <SecondFactorCodeField kind={kind} value={code} onChange={setCode} onKindChange={setKind} disabled={disable.isPending} autoFocus />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="danger" disabled={!ready || disable.isPending} aria-busy={disable.isPending}>
          {disable.isPending ? 'Turning off…' : 'Turn off'}
        </Button>
        <Button variant="ghost" onClick={onDone} disabled={disable.isPending}>
          Keep it on
        </Button>
      </div>
    </form>
  );
}
