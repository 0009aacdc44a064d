import { Alert } from '#src/components/ui/alert.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { useEmailSettings } from '../api/email-settings-api.ts';
import { EmailSettingsForm } from './email-settings-form.tsx';
import { PausedBanner } from './paused-banner.tsx';
import { SendingStatus } from './sending-status.tsx';

/** Settings › Email (anchor #email): who campaigns come from, the footer address, tracking and the sending account. */
export function EmailSettingsSection() {
  const { store } = useActiveStore();
  return (
    <section id="email" aria-labelledby="email-title" className="scroll-mt-24 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-6">
      <h2 id="email-title" className="text-lg font-semibold text-slate-900">
        Email
      </h2>
      <p className="mt-1 text-sm text-slate-600">How your campaigns reach your audience.</p>
      {store ? <EmailSettingsBody key={store.id} storeId={store.id} /> : <p className="mt-4 text-sm text-slate-600">Create a store first.</p>}
    </section>
  );
}

function EmailSettingsBody({ storeId }: { storeId: string }) {
  const settings = useEmailSettings(storeId);
  if (settings.isPending) return <div className="py-6"><Spinner label="Loading email settings" /></div>;
  if (settings.isError) {
    return (
      <Alert className="mt-4" title="Email settings could not load">
        {errorMessage(settings.error)}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <>
      <PausedBanner settings={settings.data} />
      <EmailSettingsForm storeId={storeId} settings={settings.data} />
      <SendingStatus storeId={storeId} settings={settings.data} />
    </>
  );
}
