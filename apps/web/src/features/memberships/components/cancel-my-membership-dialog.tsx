import { MEMBER_CANCEL_REASON_MAX_LENGTH, type MyMembership } from '@shopfront/core';
import { useId, useState } from 'react';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCancelMyMembership } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';

/** The day access ends when cancelled now: the end of the trial or of the period paid for. */
export const endOfPaidTime = (membership: MyMembership) => (membership.status === 'trialing' && membership.trialEnd ? membership.trialEnd : membership.currentPeriodEnd);

/** Cancel at the period's end, with an optional reason; says until when access lasts. */
export function CancelMyMembershipDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const cancel = useCancelMyMembership(storeId);
  const [reason, setReason] = useState('');
  const reasonId = useId();
  const close = () => {
    cancel.reset();
    setReason('');
    onClose();
  };
  const until = membership ? formatDay(endOfPaidTime(membership)) : '';
  return (
    <ConfirmDialog
      open={membership !== null}
      title={`Cancel ${membership?.tier.name ?? ''}?`}
      description={
        <div className="space-y-3">
          <p>You keep access until {until}. Nothing more is charged, and you can resume before then.</p>
          <div>
            <label htmlFor={reasonId} className="mb-1 block font-medium text-slate-800">
              Why are you leaving? (optional)
            </label>
            <textarea
              id={reasonId}
              value={reason}
              maxLength={MEMBER_CANCEL_REASON_MAX_LENGTH}
              rows={3}
              onChange={(event) => setReason(event.target.value.replace(/\s*\n\s*/g, ' '))}
              className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
            />
          </div>
        </div>
      }
      confirmLabel="Cancel membership"
      pendingLabel="Cancelling…"
      pending={cancel.isPending}
      error={cancel.isError ? errorMessage(cancel.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!membership) return;
        cancel.mutate(
          { membershipId: membership.id, reason },
          {
            onSuccess: ({ membership: cancelled }) => {
              toast.success(`Cancelled. You keep access until ${formatDay(cancelled.accessUntil ?? endOfPaidTime(cancelled))}.`);
              close();
            },
          },
        );
      }}
    />
  );
}
