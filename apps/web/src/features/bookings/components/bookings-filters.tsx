import { BOOKING_STATUSES } from '@shopfront/core';
import { useId } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import type { BookingFilters } from '../api/bookings-api.ts';
import { STATUS_LABELS } from '../lib/booking-format.ts';

const select = 'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm';
// Unpaid holds and expired holds are checkout states, not bookings the creator manages.
const LISTED_STATUSES = BOOKING_STATUSES.filter((status) => status !== 'held' && status !== 'expired');

/** Upcoming or past, one call product, one status. */
export function BookingsFilters({ filters, products, onChange }: { filters: BookingFilters; products: { id: string; title: string }[]; onChange: (next: BookingFilters) => void }) {
  const id = useId();
  return (
    <div className="grid gap-3 sm:grid-cols-[auto_minmax(0,1fr)_minmax(0,1fr)] sm:items-end">
      <div role="group" aria-label="Upcoming or past" className="flex gap-1 rounded-full bg-slate-100 p-1">
        {(['upcoming', 'past'] as const).map((when) => (
          <button
            key={when}
            type="button"
            aria-pressed={filters.when === when}
            onClick={() => onChange({ ...filters, when })}
            className={cn('min-h-10 flex-1 rounded-full px-4 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-brand-600', filters.when === when ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900')}
          >
            {when === 'upcoming' ? 'Upcoming' : 'Past'}
          </button>
        ))}
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-product`} className="block text-sm font-medium text-slate-800">
          Call
        </label>
        <select id={`${id}-product`} value={filters.productId} onChange={(event) => onChange({ ...filters, productId: event.target.value })} className={select}>
          <option value="">All calls</option>
          {products.map((product) => (
            <option key={product.id} value={product.id}>
              {product.title}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
          Status
        </label>
        <select id={`${id}-status`} value={filters.status} onChange={(event) => onChange({ ...filters, status: event.target.value as BookingFilters['status'] })} className={select}>
          <option value="">Any status</option>
          {LISTED_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status].label}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}
