import { useId, useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useCreateFeed, useFeedStatus, useRevokeFeed } from '../api/availability-api.ts';
import { AvailabilityCard } from './availability-card.tsx';

type Confirming = 'replace' | 'revoke' | null;

/**
 * The private iCalendar feed of the store's bookings: its URL is shown once, when made (only a
 * hash is kept); making a new one or revoking stops the old one at once, so both confirm first.
 */
export function CalendarFeedCard({ storeId }: { storeId: string }) {
  const id = useId();
  const status = useFeedStatus(storeId);
  const create = useCreateFeed(storeId);
  const revoke = useRevokeFeed(storeId);
  const [url, setUrl] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const close = () => {
    create.reset();
    revoke.reset();
    setConfirming(null);
  };
  const make = () =>
    create.mutate(undefined, {
      onSuccess: (made) => {
        setUrl(made.url);
        close();
      },
    });
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast.success('Feed URL copied.');
    } catch {
      toast.error('Copy did not work: select the URL and copy it.');
    }
  };

  return (
    <AvailabilityCard title="Calendar feed" description="Subscribe to your bookings from Google, Apple or Outlook calendars. Keep the URL private: anyone with it sees your bookings.">
      {status.isPending ? (
        <Spinner label="Loading the calendar feed" />
      ) : status.isError ? (
        <LoadError title="The calendar feed could not load" error={status.error} onRetry={() => void status.refetch()} />
      ) : (
        <>
          {url ? (
            <div className="space-y-1.5">
              <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
                Your feed URL (shown once)
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <input id={`${id}-url`} readOnly value={url} onFocus={(event) => event.target.select()} className="block min-h-11 min-w-0 flex-1 rounded-lg border border-slate-300 bg-slate-50 px-3 font-mono text-sm text-slate-900" />
                <Button variant="secondary" onClick={() => void copy()}>
                  Copy
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-slate-700">{status.data.active ? `A feed URL is active (made ${new Date(status.data.createdAt ?? '').toLocaleDateString('en-US', { dateStyle: 'medium' })}). Its address is shown only when made.` : 'No feed URL yet.'}</p>
          )}
          {create.isError && confirming === null ? <p role="alert" className="text-sm font-medium text-red-600">{errorMessage(create.error)}</p> : null}
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => (status.data.active ? setConfirming('replace') : make())} disabled={create.isPending} aria-busy={create.isPending}>
              {create.isPending && confirming === null ? 'Making…' : status.data.active ? 'Make a new URL' : 'Make a feed URL'}
            </Button>
            {status.data.active ? (
              <Button variant="ghost" className="text-red-700" onClick={() => setConfirming('revoke')}>
                Revoke
              </Button>
            ) : null}
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming === 'replace'}
        title="Make a new feed URL?"
        description="The current URL stops working at once: calendars subscribed to it need the new one."
        confirmLabel="Make a new URL"
        pendingLabel="Making…"
        pending={create.isPending}
        error={create.isError ? errorMessage(create.error) : null}
        onClose={close}
        onConfirm={make}
      />
      <ConfirmDialog
        open={confirming === 'revoke'}
        title="Revoke the feed URL?"
        description="Calendars subscribed to it stop showing your bookings. You can make a new URL later."
        confirmLabel="Revoke URL"
        pendingLabel="Revoking…"
        pending={revoke.isPending}
        error={revoke.isError ? errorMessage(revoke.error) : null}
        onClose={close}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              setUrl(null);
              toast.success('Feed URL revoked.');
              close();
            },
          })
        }
      />
    </AvailabilityCard>
  );
}
