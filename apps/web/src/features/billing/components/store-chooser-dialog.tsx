import { useState } from 'react';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Dialog } from '#src/components/ui/dialog.tsx';
import type { Billing } from '../api/billing-api.ts';
import { storesText } from './billing-format.ts';

interface StoreChooserDialogProps {
  open: boolean;
  title: string;
  description: string;
  stores: Billing['stores'];
  limit: number;
  /** Pre-ticked: the stores online now, at most `limit`. */
  initial: string[];
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  error: string | null;
  onConfirm: (storeIds: string[]) => void;
  onClose: () => void;
}

/**
 * Which stores stay published when the plan allows fewer: at most `limit` ticked. The others go
 * offline with all their data (nothing is deleted) and can come back after an upgrade.
 */
export function StoreChooserDialog(props: StoreChooserDialogProps) {
  const { open, title, description, stores, limit, initial, pending, error, onConfirm, onClose } = props;
  const [chosen, setChosen] = useState<string[]>(initial.slice(0, limit));
  const toggle = (id: string) =>
    setChosen((current) => (current.includes(id) ? current.filter((value) => value !== id) : current.length < limit ? [...current, id] : current));
  return (
    <Dialog open={open} onClose={onClose} title={title} description={description} dismissible={!pending}>
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">
          Keep {storesText(limit)} published ({chosen.length} of {limit} chosen)
        </legend>
        <ul className="mt-3 space-y-2">
          {stores.map((store) => {
            const checked = chosen.includes(store.id);
            const full = !checked && chosen.length >= limit;
            return (
              <li key={store.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-3 py-2 ring-1 ring-slate-200 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60">
                  <input type="checkbox" className="size-4" checked={checked} disabled={full || pending} onChange={() => toggle(store.id)} />
                  <span className="min-w-0 flex-1">
                    <span className="block truncate font-medium text-slate-900">{store.name}</span>
                    <span className="block truncate text-xs text-slate-500">/{store.slug}</span>
                  </span>
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <p className="mt-3 text-sm text-slate-600">The other stores go offline. They keep all their products, orders and customers.</p>
      {error ? <Alert className="mt-3">{error}</Alert> : null}
      <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        <Button onClick={() => onConfirm(chosen)} disabled={pending || chosen.length === 0} aria-busy={pending}>
          {pending ? props.pendingLabel : props.confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
