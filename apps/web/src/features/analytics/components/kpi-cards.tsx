import type { AnalyticsTotals } from '@shopfront/core';
import { cn } from '#src/components/ui/cn.ts';
import { describeChange, formatCount, formatRate, formatRevenue, type Change } from '../lib/format.ts';

interface Kpi {
  key: string;
  label: string;
  value: string;
  change: Change;
}

function kpis(totals: AnalyticsTotals, previous: AnalyticsTotals, currency: string): Kpi[] {
  const count = (key: keyof AnalyticsTotals, label: string): Kpi => ({
    key,
    label,
    value: formatCount(totals[key]),
    change: describeChange(totals[key], previous[key]),
  });
  return [
    count('visitors', 'Visitors'),
    count('views', 'Page views'),
    count('clicks', 'Link clicks'),
    count('checkouts', 'Checkouts started'),
    count('sales', 'Sales'),
    { key: 'revenue', label: 'Revenue', value: formatRevenue(totals.revenueCents, currency), change: describeChange(totals.revenueCents, previous.revenueCents) },
    { key: 'conversion', label: 'Conversion rate', value: formatRate(totals.conversionRate), change: describeChange(totals.conversionRate, previous.conversionRate, 'rate') },
  ];
}

const ARROWS = { up: '↑', down: '↓', flat: '→' } as const;
const TONES = { up: 'text-emerald-700', down: 'text-red-700', flat: 'text-slate-600' } as const;

/** The period's totals, each with its change from the previous period in words (not colour alone). */
export function KpiCards({ totals, previous, currency, comparison }: { totals: AnalyticsTotals; previous: AnalyticsTotals; currency: string; comparison: string }) {
  return (
    <dl aria-label="Totals for the period" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {kpis(totals, previous, currency).map((kpi) => (
        <div key={kpi.key} data-testid={`kpi-${kpi.key}`} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm font-medium text-slate-600">{kpi.label}</dt>
          <dd className="mt-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl">{kpi.value}</dd>
          <dd className={cn('mt-1 text-xs font-medium', TONES[kpi.change.direction])}>
            <span aria-hidden="true">{ARROWS[kpi.change.direction]} </span>
            {kpi.change.text} {comparison}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function KpiSkeleton() {
  return (
    <div aria-hidden="true" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
      {Array.from({ length: 7 }, (_, index) => (
        <div key={index} className="animate-pulse rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <span className="block h-4 w-2/3 rounded bg-slate-200" />
          <span className="mt-2 block h-7 w-1/2 rounded bg-slate-200" />
          <span className="mt-2 block h-3 w-3/4 rounded bg-slate-100" />
        </div>
      ))}
    </div>
  );
}
