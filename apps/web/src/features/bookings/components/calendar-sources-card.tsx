import type { CalendarSource } from '@shopfront/core';
import { useId, useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { ConfirmDialog } from '#src/components/ui/confirm-dialog.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useAddCalendarSource, useCalendarSources, useRemoveCalendarSource } from '../api/availability-api.ts';
import { AvailabilityCard } from './availability-card.tsx';

/** The calendar's host and the start of its path: private feed URLs carry a secret, not shown whole. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.host}${parsed.pathname.length > 16 ? `${parsed.pathname.slice(0, 16)}…` : parsed.pathname}`;
  } catch {
    return url.slice(0, 40);
  }
}

const when = (iso: string) => new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });

function status(source: CalendarSource): string {
  if (source.lastError) return `Last read failed: ${source.lastError}${source.lastSuccessAt ? ` (busy times from ${when(source.lastSuccessAt)} still apply)` : ''}`;
  if (!source.lastSuccessAt) return 'Not read yet: within a few minutes.';
  return `${source.busyCount} busy ${source.busyCount === 1 ? 'time' : 'times'}, read ${when(source.lastSuccessAt)}`;
}

/** Busy times imported from the creator's own calendars (iCalendar URLs), read every few minutes. */
export function CalendarSourcesCard({ storeId }: { storeId: string }) {
  const id = useId();
  const list = useCalendarSources(storeId);
  const add = useAddCalendarSource(storeId);
  const remove = useRemoveCalendarSource(storeId);
  const [url, setUrl] = useState('');
  const [removing, setRemoving] = useState<CalendarSource | null>(null);
  const close = () => {
    remove.reset();
    setRemoving(null);
  };
  return (
    <AvailabilityCard title="Your other calendars" description="Paste the private iCalendar (.ics) address of a Google, Apple or Outlook calendar: its busy times are not offered to buyers.">
      {list.isPending ? (
        <Spinner label="Loading your calendars" />
      ) : list.isError ? (
        <LoadError title="Your calendars could not load" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.sources.length === 0 ? (
        <p className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600">No calendar connected.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-xl ring-1 ring-slate-200" aria-label="Connected calendars">
          {list.data.sources.map((source) => (
            <li key={source.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2">
              <span className="min-w-0">
                <span className="block font-medium break-all text-slate-900">{shortUrl(source.url)}</span>
                <span className={source.lastError ? 'block text-sm text-red-700' : 'block text-sm text-slate-600'}>{status(source)}</span>
              </span>
              <Button variant="ghost" onClick={() => setRemoving(source)} aria-label={`Remove the calendar ${shortUrl(source.url)}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        noValidate
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault();
          add.mutate(url.trim(), {
            onSuccess: () => {
              setUrl('');
              toast.success('Calendar added. Its busy times apply within a few minutes.');
            },
          });
        }}
      >
        <div className="min-w-0 flex-1 space-y-1.5">
          <label htmlFor={`${id}-url`} className="block text-sm font-medium text-slate-800">
            Calendar address
          </label>
          <input id={`${id}-url`} type="url" inputMode="url" placeholder="https://calendar.example.com/private/basic.ics" value={url} onChange={(event) => setUrl(event.target.value)} aria-invalid={add.isError || undefined} aria-describedby={add.isError ? `${id}-error` : undefined} className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm" />
        </div>
        <Button type="submit" variant="secondary" disabled={add.isPending || !url.trim()} aria-busy={add.isPending}>
          {add.isPending ? 'Adding…' : 'Add calendar'}
        </Button>
      </form>
      {add.isError ? (
        <p id={`${id}-error`} role="alert" className="text-sm font-medium text-red-600">
          {errorMessage(add.error)}
        </p>
      ) : null}
      <ConfirmDialog
        open={removing !== null}
        title="Remove this calendar?"
        description="Its busy times are forgotten: those times can be booked again."
        confirmLabel="Remove calendar"
        pendingLabel="Removing…"
        pending={remove.isPending}
        error={remove.isError ? errorMessage(remove.error) : null}
        onClose={close}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: close })}
      />
    </AvailabilityCard>
  );
}
