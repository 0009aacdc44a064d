import type { MyMembership } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useChangeMyTier, useChangePreview } from '../api/my-memberships-api.ts';
import { formatDay, money, perInterval } from '../lib/member-format.ts';

/**
 * Pick another tier of the membership (its price for the member's interval; a full one, or one not
 * offered that way, shows why and cannot be picked), see what it charges or credits now (the
 * server's proration), then confirm.
 */
export function ChangeTierDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const [tierId, setTierId] = useState<string | null>(null);
  const preview = useChangePreview(storeId, membership?.id ?? '', membership ? tierId : null);
  const change = useChangeMyTier(storeId);
  const close = () => {
    change.reset();
    setTierId(null);
    onClose();
  };
  const others = membership?.otherTiers ?? [];
  const shown = preview.data?.preview;
  return (
    <Dialog open={membership !== null} onClose={close} title="Change tier" description="The change applies now; your renewal date stays the same." dismissible={!change.isPending}>
      <div className="space-y-4">
        <fieldset className="space-y-2">
          <legend className="mb-1 text-sm font-medium text-slate-800">Move to</legend>
          {others.map((tier) => {
            const closed = tier.full || tier.priceCents === null;
            const why = tier.full ? 'Full' : `Not offered ${membership?.interval ?? ''}`;
            return (
              <label key={tier.id} className={`flex min-h-11 items-center gap-3 rounded-lg p-2 text-sm ring-1 ring-slate-200 ${closed ? 'cursor-not-allowed bg-slate-50 text-slate-500' : 'cursor-pointer'}`}>
                <input type="radio" name="change-tier" checked={tierId === tier.id} disabled={closed || change.isPending} onChange={() => setTierId(tier.id)} className="size-4" aria-describedby={`tier-${tier.id}-price`} />
                <span className="flex-1 font-medium">{tier.name}</span>
                <span id={`tier-${tier.id}-price`} className="tabular-nums">
                  {closed ? why : `${money(tier.priceCents ?? 0, membership?.currency ?? 'USD')} a ${perInterval(membership?.interval ?? 'monthly')}`}
                </span>
              </label>
            );
          })}
        </fieldset>
        {tierId === null ? null : preview.isPending ? (
          <Spinner label="Working out the difference" />
        ) : preview.isError ? (
          <Alert>{errorMessage(preview.error)}</Alert>
        ) : shown ? (
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 rounded-xl bg-slate-50 p-4 text-sm" aria-label="What changes now">
            <dt className="text-slate-600">Credit for the unused time</dt>
            <dd className="text-right tabular-nums">−{money(shown.creditCents, shown.currency)}</dd>
            <dt className="text-slate-600">{shown.tier.name} until {formatDay(shown.currentPeriodEnd)}</dt>
            <dd className="text-right tabular-nums">{money(shown.chargeCents, shown.currency)}</dd>
            <dt className="font-semibold text-slate-900">{shown.netCents >= 0 ? 'Charged now' : 'Credited now'}</dt>
            <dd className="text-right font-semibold tabular-nums">{money(Math.abs(shown.netCents), shown.currency)}</dd>
            <dt className="col-span-2 mt-2 text-slate-600">
              Then {money(shown.priceCents, shown.currency)} a {perInterval(shown.interval)} from {formatDay(shown.currentPeriodEnd)}.
            </dt>
          </dl>
        ) : null}
        {change.isError ? <Alert>{errorMessage(change.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={change.isPending}>
            Keep my tier
          </Button>
          <Button
            disabled={!shown || change.isPending}
            aria-busy={change.isPending}
            onClick={() => {
              if (!membership || !tierId) return;
              change.mutate(
                { membershipId: membership.id, tierId },
                {
                  onSuccess: ({ membership: moved }) => {
                    toast.success(`You are now on ${moved.tier.name}.`);
                    close();
                  },
                },
              );
            }}
          >
            {change.isPending ? 'Changing…' : shown ? `Confirm${shown.netCents > 0 ? ` and pay ${money(shown.netCents, shown.currency)}` : ''}` : 'Confirm'}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
