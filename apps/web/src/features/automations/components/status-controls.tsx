import type { Automation, AutomationStatus } from '@shopfront/core';
import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useSetAutomationStatus } from '../api/automations-api.ts';

const ACTIONS: Record<AutomationStatus, { next: AutomationStatus; button: string; title: string; confirm: string; pending: string; done: string }> = {
  draft: { next: 'live', button: 'Go live…', title: 'Go live?', confirm: 'Go live', pending: 'Going live…', done: 'The automation is live.' },
  live: { next: 'paused', button: 'Pause…', title: 'Pause this automation?', confirm: 'Pause', pending: 'Pausing…', done: 'The automation is paused.' },
  paused: { next: 'live', button: 'Resume…', title: 'Resume this automation?', confirm: 'Resume', pending: 'Resuming…', done: 'The automation is live again.' },
};

interface StatusControlsProps {
  storeId: string;
  automation: Automation;
  /** "When someone buys Ebook". */
  triggerWords: string;
  /** The steps in the editor now, and the numbers of emails without a subject or a block (going live needs both). */
  stepCount: number;
  incomplete: readonly number[];
  /** Unsaved edits are saved first; answers false when they could not be (the form shows why). */
  saveFirst: (() => Promise<boolean>) | null;
  disabled: boolean;
}

/** Go live, pause or resume, each after saying what it does to the contacts in it. */
export function StatusControls({ storeId, automation, triggerWords, stepCount, incomplete, saveFirst, disabled }: StatusControlsProps) {
  const setStatus = useSetAutomationStatus(storeId);
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const action = ACTIONS[automation.status];
  const blocked = action.next === 'live' && (incomplete.length > 0 || stepCount === 0);
  const pending = saving || setStatus.isPending;
  const close = () => {
    setStatus.reset();
    setOpen(false);
  };
  const confirm = async () => {
    if (saveFirst) {
      setSaving(true);
      const saved = await saveFirst().finally(() => setSaving(false));
      if (!saved) return close();
    }
    setStatus.mutate(
      { automationId: automation.id, status: action.next },
      {
        onSuccess: () => {
          toast.success(action.done);
          setOpen(false);
        },
      },
    );
  };

  return (
    <>
      <Button variant={automation.status === 'live' ? 'secondary' : 'primary'} onClick={() => setOpen(true)} disabled={disabled}>
        {action.button}
      </Button>
      <Dialog open={open} onClose={close} title={action.title} dismissible={!pending} description={<StatusDescription status={automation.status} triggerWords={triggerWords} />}>
        {blocked ? (
          <Alert tone="warning" className="mb-4">
            {stepCount === 0 ? 'Add a first step before going live.' : `Step ${incomplete.join(', ')} ${incomplete.length === 1 ? 'needs' : 'need'} a subject and at least one block before the automation goes live.`}
          </Alert>
        ) : null}
        {saveFirst ? <p className="mb-4 text-sm text-slate-600">Your unsaved changes are saved first.</p> : null}
        {setStatus.isError ? <Alert className="mb-4">{errorMessage(setStatus.error)}</Alert> : null}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button onClick={() => void confirm()} disabled={pending || blocked} aria-busy={pending}>
            {pending ? action.pending : action.confirm}
          </Button>
        </div>
      </Dialog>
    </>
  );
}

function StatusDescription({ status, triggerWords }: { status: AutomationStatus; triggerWords: string }) {
  if (status === 'draft') return <>{triggerWords}, they enter the automation, if they agreed to marketing email. Edits you save later apply to people already in it.</>;
  if (status === 'live') return <>Nobody new enters while it is paused, and nobody gets the next step. Contacts waiting will continue at their step when you resume.</>;
  return <>Contacts waiting will continue at their step, and new contacts enter again. Steps that came due while it was paused go out within the hour.</>;
}
