import type { MaintenanceConfig } from '@shopfront/core';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetAllowSignups } from '../api/platform-config-api.ts';
import { ReasonDialog } from './reason-dialog.tsx';

/**
 * Spec §3 allowSignups: closes signups without maintenance (a spam wave, an invite-only launch);
 * sign-in keeps working. Signups are open only with it on and maintenance off (spec §4).
 */
export function SignupsCard({ config }: { config: MaintenanceConfig }) {
  const save = useSetAllowSignups();
  const [confirming, setConfirming] = useState(false);
  const allowed = config.allowSignups;
  const close = () => {
    save.reset();
    setConfirming(false);
  };
  return (
    <section aria-labelledby="signups-state" className="rounded-2xl bg-white p-4 ring-1 ring-slate-200 sm:p-6">
      <div className="flex flex-wrap items-center gap-3">
        <h3 id="signups-state" className="text-base font-semibold text-slate-900">
          Signups
        </h3>
        <span
          data-testid="signups-status"
          className={cn('rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset', allowed ? 'bg-emerald-50 text-emerald-800 ring-emerald-200' : 'bg-amber-50 text-amber-800 ring-amber-200')}
        >
          {allowed ? 'Allowed' : 'Closed'}
        </span>
      </div>
      <p className="mt-2 text-sm text-slate-600">
        {allowed
          ? config.inEffect
            ? 'Allowed again once maintenance is off. Close them here to keep them closed after maintenance.'
            : 'New creators can sign up. Close signups to stop new accounts without maintenance; existing creators still sign in.'
          : 'No new accounts, with or without maintenance: the landing and signup pages say signups are closed for now. Existing creators still sign in.'}
      </p>
      <Button variant={allowed ? 'danger' : 'primary'} className="mt-4" onClick={() => setConfirming(true)}>
        {allowed ? 'Close signups…' : 'Allow signups…'}
      </Button>
      <ReasonDialog
        open={confirming}
        title={allowed ? 'Close signups?' : 'Allow signups again?'}
        description={allowed ? 'Nobody can create an account until you allow signups again. Creators who already have one can still sign in.' : config.inEffect ? 'Signups open once maintenance is switched off.' : 'New creators can sign up at once.'}
        confirmLabel={allowed ? 'Close signups' : 'Allow signups'}
        pendingLabel="Saving…"
        pending={save.isPending}
        destructive={allowed}
        error={save.isError ? errorMessage(save.error) : null}
        onConfirm={(reason) =>
          save.mutate(
            { allowSignups: !allowed, reason },
            {
              onSuccess: (next) => {
                close();
                toast.success(next.allowSignups ? 'Signups are allowed.' : 'Signups are closed.');
              },
            },
          )
        }
        onClose={close}
      />
    </section>
  );
}
