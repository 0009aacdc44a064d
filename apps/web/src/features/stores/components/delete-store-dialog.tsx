import type { Store } from '@shopfront/core';
import { useId, useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { toast } from '#src/lib/toast.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useDeleteStore } from '../hooks/use-store-mutations.ts';
import { Alert } from '#src/components/ui/alert.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';

interface DeleteStoreDialogProps {
  store: Pick<Store, 'id' | 'slug' | 'name'>;
  open: boolean;
  onClose: () => void;
  onDeleted?: (activeStoreId: string | null) => void;
}

/** Deleting a store asks the creator to type its slug; the button stays off until it matches exactly. */
export function DeleteStoreDialog({ store, open, onClose, onDeleted }: DeleteStoreDialogProps) {
  const [typed, setTyped] = useState('');
  const remove = useDeleteStore();
  const inputId = useId();
  const matches = typed === store.slug;

  const close = () => {
    if (remove.isPending) return;
    setTyped('');
    remove.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!remove.isPending}
      tone="danger"
      title={`Delete ${store.name}?`}
      description={
        <>
          This removes the store, its products, customers, files and domains for good, and frees the address <strong>/{store.slug}</strong>. It
          cannot be undone.
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!matches || remove.isPending) return;
          // mutateAsync, not mutate: deleting the last store unmounts this dialog before its callbacks would run.
          void remove
            .mutateAsync({ storeId: store.id, confirmSlug: typed })
            .then((result) => {
              toast.success(`${store.name} was deleted`);
              setTyped('');
              onDeleted?.(result.activeStoreId);
              onClose();
            })
            .catch(() => undefined);
        }}
      >
        {remove.isError ? <Alert>{errorMessage(remove.error)}</Alert> : null}
        <div className="space-y-1.5">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
            Type <span className="select-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.8125rem] text-slate-900">{store.slug}</span> to confirm
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(event) => setTyped(event.target.value)}
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-red-500 sm:text-sm"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || remove.isPending} aria-busy={remove.isPending}>
            {remove.isPending ? 'Deleting…' : 'Delete this store'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
