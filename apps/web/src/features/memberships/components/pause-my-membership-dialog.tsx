import type { MyMembership } from '@shopfront/core';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { usePauseMyMembership } from '../api/my-memberships-api.ts';
import { formatDay } from '../lib/member-format.ts';

/** Pause after a confirmation that says what stops (charges, access) and what is kept (the paid time left). */
export function PauseMyMembershipDialog({ storeId, membership, onClose }: { storeId: string; membership: MyMembership | null; onClose: () => void }) {
  const pause = usePauseMyMembership(storeId);
  const close = () => {
    pause.reset();
    onClose();
  };
  return (
    <ConfirmDialog
      open={membership !== null}
      title={`Pause ${membership?.tier.name ?? ''}?`}
      description={
        membership ? (
          <p>
            Nothing is charged while it is paused, and this tier’s content is closed until you resume. The paid time you have left (until {formatDay(membership.currentPeriodEnd)}) is kept for when you come back.
          </p>
        ) : null
      }
      confirmLabel="Pause membership"
      pendingLabel="Pausing…"
      pending={pause.isPending}
      error={pause.isError ? errorMessage(pause.error) : null}
      onClose={close}
      onConfirm={() => {
        if (!membership) return;
        pause.mutate(membership.id, {
          onSuccess: () => {
            toast.success('Paused. Resume any time from this page.');
            close();
          },
        });
      }}
    />
  );
}
