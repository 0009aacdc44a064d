import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';

interface RemovableListProps<Data, Item> {
  list: UseQueryResult<Data>;
  items: (data: Data) => Item[];
  /** The row's key, also what `remove` takes. */
  keyOf: (item: Item) => string;
  /** What the list is, for its accessible name. */
  label: string;
  loadingLabel: string;
  loadErrorTitle: string;
  empty: string;
  /** The row's text; a Remove button that opens the confirmation follows it. */
  row: (item: Item) => ReactNode;
  removeLabel: (item: Item) => string;
  remove: UseMutationResult<unknown, Error, string>;
  confirm: { title: (item: Item | null) => string; description: (item: Item | null) => ReactNode; label: string; removed: (item: Item) => string };
  /** Shown under the list, before the confirmation (the card's add form). */
  children?: ReactNode;
}

/** A card's loading / error / empty / list states, each row removable after a confirmation. */
export function RemovableList<Data, Item>({ list, items, keyOf, label, loadingLabel, loadErrorTitle, empty, row, removeLabel, remove, confirm, children }: RemovableListProps<Data, Item>) {
  const [removing, setRemoving] = useState<Item | null>(null);
  const close = () => {
    remove.reset();
    setRemoving(null);
  };
  const rows = list.data === undefined ? [] : items(list.data);
  return (
    <>
      {list.isPending ? (
        <Spinner label={loadingLabel} />
      ) : list.isError ? (
        <LoadError title={loadErrorTitle} error={list.error} onRetry={() => void list.refetch()} />
      ) : rows.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">{empty}</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label={label}>
          {rows.map((item) => (
            <li key={keyOf(item)} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              {row(item)}
              <Button variant="ghost" onClick={() => setRemoving(item)} aria-label={removeLabel(item)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {children}
      <ConfirmDialog
        open={removing !== null}
        title={confirm.title(removing)}
        description={confirm.description(removing)}
        confirmLabel={confirm.label}
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={close}
        onConfirm={() => {
          if (removing === null) return;
          remove.mutate(keyOf(removing), {
            onSuccess: () => {
              toast.success(confirm.removed(removing));
              close();
            },
          });
        }}
      />
    </>
  );
}
