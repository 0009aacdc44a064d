import { zodResolver } from '@hookform/resolvers/zod';
import { AdminReasonSchema } from '@shopfront/core';
import { useEffect, useId, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';

const reasonForm = z.object({ reason: AdminReasonSchema });
type ReasonForm = z.infer<typeof reasonForm>;

interface ReasonDialogProps {
  open: boolean;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  /** Red confirm button and an alert dialog: the action takes something away. */
  destructive?: boolean;
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * "Are you sure?" for an admin action, asking why: the reason is required and is kept in the
 * audit log (and, for an unpublished store, shown to its owner).
 */
export function ReasonDialog({ open, title, description, confirmLabel, pendingLabel, pending, destructive = false, error, onConfirm, onClose }: ReasonDialogProps) {
  const fieldId = useId();
  const { register, handleSubmit, reset, formState } = useForm<ReasonForm>({ resolver: zodResolver(reasonForm), defaultValues: { reason: '' } });
  useEffect(() => {
    if (open) reset({ reason: '' });
  }, [open, reset]);
  const fieldError = formState.errors.reason?.message;
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending} tone={destructive ? 'danger' : 'default'}>
      <form noValidate onSubmit={handleSubmit(({ reason }) => onConfirm(reason))} className="space-y-4">
        {error ? <Alert>{error}</Alert> : null}
        <div className="space-y-1.5">
          <label htmlFor={fieldId} className="block text-sm font-medium text-slate-800">
            Reason (kept in the audit log)
          </label>
          <textarea
            id={fieldId}
            rows={3}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-error` : undefined}
            className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm"
            {...register('reason')}
          />
          {fieldError ? (
            <p id={`${fieldId}-error`} className="text-sm text-red-700">
              {fieldError}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant={destructive ? 'danger' : 'primary'} disabled={pending} aria-busy={pending}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
