import type { Member } from '@shopfront/core';
import { useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCancelMember, useRefundMember } from '../api/members-api.ts';
import { money, perInterval } from '../lib/member-format.ts';

type When = 'period_end' | 'now';

/** Cancel a member, at the end of what they paid for or now, after a confirmation. */
export function CancelMemberDialog({ storeId, productId, member, onClose }: { storeId: string; productId: string; member: Member | null; onClose: () => void }) {
  const cancel = useCancelMember(storeId, productId);
  const [when, setWhen] = useState<When>('period_end');
  const close = () => {
    cancel.reset();
    setWhen('period_end');
    onClose();
  };
  const who = member?.customer.email ?? '';
  // A paused membership has no period running that could end it: only "now" does.
  const paused = member?.status === 'paused';
  const chosen: When = paused ? 'now' : when;
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Cancel ${who}’s membership?`}
      description={
        <fieldset className="mt-2 space-y-2">
          <legend className="mb-1">No refund is made; refunding is its own action.</legend>
          {paused ? null : <Choice value="period_end" checked={chosen === 'period_end'} onPick={setWhen} label="At the end of the period they paid for" hint="They keep access until then and are not charged again." />}
          <Choice value="now" checked={chosen === 'now'} onPick={setWhen} label="Now" hint={paused ? 'Their membership is paused; it ends at once.' : 'Their access ends at once.'} />
        </fieldset>
      }
      confirmLabel="Cancel membership"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      error={cancel.isError ? errorMessage(cancel.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!member) return;
        cancel.mutate(
          { member, when: chosen },
          {
            onSuccess: () => {
              // A Stripe member's state changes when Stripe's webhook confirms it, not on this answer.
              if (member.provider === 'stripe') toast.success(`Sent to Stripe: ${who}’s membership ${chosen === 'now' ? 'ends' : 'is cancelled'} as soon as Stripe confirms.`);
              else toast.success(chosen === 'now' ? `${who}’s membership has ended.` : `${who}’s membership ends at the end of their period.`);
              close();
            },
          },
        );
      }}
    />
  );
}

function Choice({ value, checked, onPick, label, hint }: { value: When; checked: boolean; onPick: (value: When) => void; label: string; hint: string }) {
  return (
    <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg p-2 ring-1 ring-slate-200">
      <input type="radio" name="cancel-when" value={value} checked={checked} onChange={() => onPick(value)} className="mt-1 size-4" />
      <span>
        <span className="block font-medium text-slate-900">{label}</span>
        <span className="block text-slate-600">{hint}</span>
      </span>
    </label>
  );
}

/** Refund the member's newest paid charge in full, after a confirmation; the toast says how much. */
export function RefundMemberDialog({ storeId, productId, member, onClose }: { storeId: string; productId: string; member: Member | null; onClose: () => void }) {
  const refund = useRefundMember(storeId, productId);
  const close = () => {
    refund.reset();
    onClose();
  };
  const price = member ? `${money(member.priceCents, member.currency)}/${perInterval(member.interval)}` : '';
  return (
    <ConfirmDialog
      open={member !== null}
      title={`Refund ${member?.customer.email ?? ''}’s last payment?`}
      description={`Their newest paid charge is refunded in full (they pay ${price}; a first charge also carried any setup fee, a tier change its difference). Their membership itself does not change. This cannot be undone.`}
      confirmLabel="Refund last payment"
      pendingLabel="Refunding…"
      pending={refund.isPending}
      error={refund.isError ? errorMessage(refund.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!member) return;
        refund.mutate(member, {
          onSuccess: ({ refund: made }) => {
            const amount = money(made.amountCents, made.currency);
            if (member.provider === 'stripe') toast.success(`Refund of ${amount} to ${member.customer.email} sent to Stripe: it shows here as soon as Stripe confirms.`);
            else toast.success(`Refunded ${amount} to ${member.customer.email}.`);
            close();
          },
        });
      }}
    />
  );
}
