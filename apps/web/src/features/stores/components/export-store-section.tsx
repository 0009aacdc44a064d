import { useMutation } from '@tanstack/react-query';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { callFunction } from '#src/lib/call-function.ts';
import { downloadText } from '#src/lib/download-text.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { SettingsCard } from './settings-card.tsx';

/**
 * Settings › Your data: downloads the store with every member of its memberships and the Stripe
 * ids that keep billing them from the creator's own account (docs/memberships.md "Leaving").
 */
export function ExportStoreSection() {
  const { store } = useActiveStore();
  const exportData = useMutation({
    mutationFn: (storeId: string) => callFunction('exportStoreData', { storeId }),
    onSuccess: (file) => downloadText(file.filename, file.json, 'application/json;charset=utf-8'),
  });
  if (!store) return null;
  const members = exportData.data?.members;
  return (
    <SettingsCard
      id="your-data"
      title="Your data"
      description="A JSON file with your store and every member of your memberships, with the Stripe subscription ids that keep billing them from your own Stripe account. Products, orders and customers have their own CSV exports on their pages."
    >
      <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button variant="secondary" onClick={() => exportData.mutate(store.id)} disabled={exportData.isPending} aria-busy={exportData.isPending}>
          {exportData.isPending ? 'Preparing the export…' : 'Download store export'}
        </Button>
        <p aria-live="polite" className="text-sm text-slate-600">
          {members === undefined ? '' : `Downloaded, with ${members === 1 ? '1 member' : `${members} members`}.`}
        </p>
      </div>
      {exportData.isError ? <Alert className="mt-4">{errorMessage(exportData.error)}</Alert> : null}
    </SettingsCard>
  );
}
