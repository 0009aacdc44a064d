import { AUTOMATION_MESSAGES, type Automation } from '@shopfront/core';
import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useDeleteAutomation } from '../api/automations-api.ts';

interface DeleteAutomationProps {
  storeId: string;
  automation: Pick<Automation, 'id' | 'name' | 'status'>;
  /** Contacts waiting at a step now: they leave it. */
  waiting: number;
  onDeleted?: () => void;
  disabled?: boolean;
}

/** "Delete…": confirmed with what happens to the people waiting; a live automation is paused first. */
export function DeleteAutomation({ storeId, automation, waiting, onDeleted, disabled }: DeleteAutomationProps) {
  const remove = useDeleteAutomation(storeId);
  const [open, setOpen] = useState(false);
  const close = () => {
    remove.reset();
    setOpen(false);
  };
  const confirm = () =>
    remove.mutate(automation.id, {
      onSuccess: () => {
        toast.success(`“${automation.name}” was deleted.`);
        setOpen(false);
        onDeleted?.();
      },
    });

  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)} disabled={disabled || remove.isPending} aria-label={`Delete ${automation.name}`}>
        Delete…
      </Button>
      {automation.status === 'live' ? (
        <Dialog open={open} onClose={close} title="Pause it first" description={`${AUTOMATION_MESSAGES.deleteLive}, so nothing is cut off mid-send. Pausing holds everyone at their step.`}>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={close}>
              OK
            </Button>
          </div>
        </Dialog>
      ) : (
        <ConfirmDialog
          open={open}
          title={`Delete “${automation.name}”?`}
          description={<DeleteDescription waiting={waiting} />}
          confirmLabel="Delete automation"
          pendingLabel="Deleting…"
          pending={remove.isPending}
          error={remove.isError ? errorMessage(remove.error) : null}
          onConfirm={confirm}
          onClose={close}
        />
      )}
    </>
  );
}

function DeleteDescription({ waiting }: { waiting: number }) {
  const people = waiting === 0 ? 'Nobody is waiting in it.' : `${waiting} ${waiting === 1 ? 'person is' : 'people are'} waiting in it: they leave it and get nothing more from it.`;
  return <>{people} Its numbers (entered, sent, opened, clicked and revenue) are deleted with it. This cannot be undone.</>;
}
