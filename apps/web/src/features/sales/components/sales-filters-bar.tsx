import { COMMERCE_MESSAGES, QUERY_DAY_BOUNDS } from '@shopfront/core';
import { useId } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import { activeQuickRange, isReversedRange, QUICK_RANGES, quickRangeDates, type SalesFilters } from '../lib/sales-filters.ts';

interface SalesFiltersBarProps {
  filters: SalesFilters;
  today: Date;
  /** The store's time zone: the quick ranges are its calendar days. */
  timeZone: string;
  onChange: (next: SalesFilters) => void;
}

const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:outline-2 focus:outline-brand-600 sm:text-sm';

/** Date range (From/To and quick ranges) and status; the page keeps them in the URL. */
export function SalesFiltersBar({ filters, today, timeZone, onChange }: SalesFiltersBarProps) {
  const id = useId();
  const active = activeQuickRange(filters, today, timeZone);
  const reversed = isReversedRange(filters);
  return (
    <div className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
      <div role="group" aria-label="Quick date ranges" className="flex flex-wrap gap-2">
        {QUICK_RANGES.map((range) => (
          <button
            key={range.key}
            type="button"
            aria-pressed={active === range.key}
            onClick={() => onChange({ ...filters, ...quickRangeDates(range, today, timeZone) })}
            className={cn(
              'min-h-10 rounded-full px-4 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
              active === range.key ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
            )}
          >
            {range.label}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <div className="space-y-1.5">
          <label htmlFor={`${id}-from`} className="block text-sm font-medium text-slate-800">
            From
          </label>
          <input
            id={`${id}-from`}
            type="date"
            value={filters.from}
            min={QUERY_DAY_BOUNDS.min}
            max={filters.to || QUERY_DAY_BOUNDS.max}
            aria-invalid={reversed || undefined}
            aria-describedby={reversed ? `${id}-range-error` : undefined}
            onChange={(event) => onChange({ ...filters, from: event.target.value })}
            className={inputClass}
          />
        </div>
        <div className="space-y-1.5">
          <label htmlFor={`${id}-to`} className="block text-sm font-medium text-slate-800">
            To
          </label>
          <input
            id={`${id}-to`}
            type="date"
            value={filters.to}
            min={filters.from || QUERY_DAY_BOUNDS.min}
            max={QUERY_DAY_BOUNDS.max}
            aria-invalid={reversed || undefined}
            onChange={(event) => onChange({ ...filters, to: event.target.value })}
            className={inputClass}
          />
        </div>
        <div className="col-span-2 space-y-1.5 sm:col-span-1">
          <label htmlFor={`${id}-status`} className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <select
            id={`${id}-status`}
            value={filters.status}
            onChange={(event) => onChange({ ...filters, status: event.target.value as SalesFilters['status'] })}
            className={inputClass}
          >
            <option value="">All orders</option>
            <option value="paid">Paid</option>
            <option value="refunded">Refunded</option>
          </select>
        </div>
      </div>
      {reversed ? (
        <p id={`${id}-range-error`} role="alert" className="text-sm font-medium text-red-700">
          {COMMERCE_MESSAGES.invalidDateRange}
        </p>
      ) : null}
    </div>
  );
}
