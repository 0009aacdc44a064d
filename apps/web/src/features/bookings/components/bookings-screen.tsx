import type { CreatorBooking } from '@shopfront/core';
import { useState } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { cn } from '#src/components/ui/cn.ts';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useAvailability } from '#src/lib/booking-availability.ts';
import { errorMessage } from '#src/lib/error-message.ts';
import { toast } from '#src/lib/toast.ts';
import { useBookings, useExportBookings, type BookingFilters } from '../api/bookings-api.ts';
import { BookingDialogs, type BookingDialogsProps } from './booking-dialogs.tsx';
import { BookingsFilters } from './bookings-filters.tsx';
import { BookingsTable, type BookingAction } from './bookings-table.tsx';
import { WeekView } from './week-view.tsx';

export const NO_BOOKINGS_TEXT = 'No bookings match these filters.';

interface BookingsScreenProps {
  storeId: string;
  /** The store's call products, for the filter (the page reads them). */
  products: { id: string; title: string }[];
  /** The clock; tests pass a fixed one. */
  now?: () => number;
}

/** Bookings › Bookings: the list (filters, answers, CSV) or the week, and each booking's actions. */
export function BookingsScreen({ storeId, products, now = Date.now }: BookingsScreenProps) {
  const [view, setView] = useState<'list' | 'week'>('list');
  const [open, setOpen] = useState<BookingDialogsProps['open']>(null);
  const availability = useAvailability(storeId);
  const timeZone = availability.data?.timeZone ?? 'UTC';
  const onAction = (action: BookingAction, booking: CreatorBooking) => setOpen({ action, booking });

  return (
    <div className="space-y-4">
      <div role="group" aria-label="View" className="inline-flex gap-1 rounded-full bg-slate-100 p-1">
        {(['list', 'week'] as const).map((option) => (
          <button
            key={option}
            type="button"
            aria-pressed={view === option}
            onClick={() => setView(option)}
            className={cn('min-h-10 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600', view === option ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
          >
            {option === 'list' ? 'List' : 'Week'}
          </button>
        ))}
      </div>
      {view === 'list' ? <BookingsList storeId={storeId} products={products} now={now()} onAction={onAction} /> : <WeekView storeId={storeId} timeZone={timeZone} now={now()} onAction={onAction} />}
      <BookingDialogs storeId={storeId} timeZone={timeZone} open={open} onClose={() => setOpen(null)} />
    </div>
  );
}

function BookingsList({ storeId, products, now, onAction }: { storeId: string; products: { id: string; title: string }[]; now: number; onAction: (action: BookingAction, booking: CreatorBooking) => void }) {
  const [filters, setFilters] = useState<BookingFilters>({ when: 'upcoming', productId: '', status: '' });
  const [page, setPage] = useState(1);
  const list = useBookings(storeId, filters, page);
  const exporting = useExportBookings(storeId);
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;
  const change = (next: BookingFilters) => {
    setFilters(next);
    setPage(1);
  };
  const exportCsv = () =>
    exporting.mutate(filters, {
      onSuccess: (file) => toast.success(file.truncated ? `Exported the first ${file.rows} bookings; narrow the filters for the rest.` : `Exported ${file.rows} ${file.rows === 1 ? 'booking' : 'bookings'}.`),
    });

  return (
    <div className="space-y-4">
      <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <BookingsFilters filters={filters} products={products} onChange={change} />
        <div className="flex flex-wrap items-center justify-between gap-2">
          <p className="text-sm text-slate-600" aria-live="polite">
            {list.data ? `${list.data.total} ${list.data.total === 1 ? 'booking' : 'bookings'} · times in ${list.data.timeZone.replaceAll('_', ' ')}` : ''}
          </p>
          <Button variant="secondary" onClick={exportCsv} disabled={exporting.isPending} aria-busy={exporting.isPending}>
            {exporting.isPending ? 'Exporting…' : 'Export CSV'}
          </Button>
        </div>
        {exporting.isError ? <Alert>{errorMessage(exporting.error)}</Alert> : null}
      </div>
      {list.isPending ? (
        <Spinner label="Loading bookings" />
      ) : list.isError ? (
        <LoadError title="Your bookings could not load" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.bookings.length === 0 ? (
        <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">{NO_BOOKINGS_TEXT}</p>
      ) : (
        <div className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          <BookingsTable bookings={list.data.bookings} timeZone={list.data.timeZone} now={now} busy={list.isFetching} onAction={onAction} />
          {pages > 1 ? (
            <nav aria-label="Pages of bookings" className="flex items-center justify-between border-t border-slate-200 px-4 py-2">
              <Button variant="ghost" onClick={() => setPage(page - 1)} disabled={page <= 1}>
                Previous
              </Button>
              <span className="text-sm text-slate-600">
                Page {page} of {pages}
              </span>
              <Button variant="ghost" onClick={() => setPage(page + 1)} disabled={page >= pages}>
                Next
              </Button>
            </nav>
          ) : null}
        </div>
      )}
    </div>
  );
}
