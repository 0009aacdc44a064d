import type { ReactNode } from 'react';
import { Button } from './button.tsx';
import { Alert } from './alert.tsx';
import { Dialog } from './dialog.tsx';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that leaves things as they are ("Cancel" unless that would read like the action). */
  cancelLabel?: string;
  pendingLabel: string;
  pending: boolean;
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** `danger` (the default) for what destroys or cannot be taken back badly; `default` for a plain confirmation such as sending. */
  tone?: 'default' | 'danger';
}

/** "Are you sure?" for an action (destructive by default): the action's pending and error states stay inside. */
export function ConfirmDialog({ open, title, description, confirmLabel, cancelLabel = 'Cancel', pendingLabel, pending, error, onConfirm, onClose, tone = 'danger' }: ConfirmDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending} tone={tone}>
      {error ? <Alert className="mb-4">{error}</Alert> : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          {cancelLabel}
        </Button>
        <Button variant={tone === 'danger' ? 'danger' : 'primary'} onClick={onConfirm} disabled={pending} aria-busy={pending}>
          {pending ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
