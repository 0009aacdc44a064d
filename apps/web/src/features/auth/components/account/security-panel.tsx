import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { useSession } from '#src/features/auth/hooks/use-session.ts';
import { RecoveryCodesSection } from './recovery-codes-section.tsx';
import { TotpDisable, TotpEnrolment } from './totp-forms.tsx';

/** Settings › Security: TOTP two-step verification: enrol with a QR code, keep recovery codes, or turn it off. */
export function SecurityPanel() {
  const user = useSession().data;
  const [mode, setMode] = useState<'idle' | 'enrol' | 'disable'>('idle');
  if (!user) return null;
  const enabled = user.mfaEnabled;

  return (
    <section id="security" aria-labelledby="security-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id="security-title" className="text-lg font-semibold text-slate-900">
            Security
          </h2>
          <p className="mt-1 text-sm text-slate-600">Two-step verification asks for a code from your authenticator app each time you sign in.</p>
        </div>
        <span
          className={cn(
            'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset',
            enabled ? 'bg-emerald-50 text-emerald-700 ring-emerald-200' : 'bg-slate-100 text-slate-600 ring-slate-200',
          )}
        >
          <span aria-hidden="true" className={cn('size-1.5 rounded-full', enabled ? 'bg-emerald-500' : 'bg-slate-400')} />
          Two-step verification {enabled ? 'on' : 'off'}
        </span>
      </div>

      <div className="mt-6 border-t border-slate-100 pt-6">
        {mode === 'enrol' ? (
          // Stays mounted once the factor is on: its last step shows the recovery codes.
          <TotpEnrolment onDone={() => setMode('idle')} />
        ) : enabled ? (
          <div className="space-y-6">
            <RecoveryCodesSection email={user.email} />
            <div className="border-t border-slate-100 pt-6">
              {mode === 'disable' ? (
                <TotpDisable onDone={() => setMode('idle')} />
              ) : (
                <Button variant="secondary" onClick={() => setMode('disable')}>
                  Turn off two-step verification
                </Button>
              )}
            </div>
          </div>
        ) : (
          <div className="space-y-3">
            {user.isAdmin ? <p className="text-sm font-medium text-amber-800">As an admin, you need two-step verification.</p> : null}
            <Button onClick={() => setMode('enrol')}>Set up two-step verification</Button>
          </div>
        )}
      </div>
    </section>
  );
}
