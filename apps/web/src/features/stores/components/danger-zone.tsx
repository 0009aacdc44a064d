import { useState } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { DeleteStoreDialog } from './delete-store-dialog.tsx';

/** Settings › Danger zone: delete the active store (the dashboard then moves to the next one). */
export function DangerZone() {
  const { store } = useActiveStore();
  const [open, setOpen] = useState(false);
  if (!store) return null;
  return (
    <section id="danger-zone" aria-labelledby="danger-zone-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-red-200 sm:p-6">
      <h2 id="danger-zone-title" className="text-lg font-semibold text-red-700">
        Danger zone
      </h2>
      <div className="mt-4 flex flex-col gap-4 rounded-xl border border-red-100 bg-red-50/50 p-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">Delete this store</p>
          <p className="mt-0.5 text-sm text-slate-600">
            Removes <span className="font-medium text-slate-800">{store.name}</span> with its data, files, customers and domains, and frees /{store.slug}.
          </p>
        </div>
        <Button variant="danger" className="shrink-0" onClick={() => setOpen(true)}>
          Delete store…
        </Button>
      </div>
      <DeleteStoreDialog store={store} open={open} onClose={() => setOpen(false)} />
    </section>
  );
}
