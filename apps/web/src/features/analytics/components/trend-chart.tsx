import type { AnalyticsOverview, AnalyticsPoint } from '@shopfront/core';
import { useId, useState } from 'react';
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { cn } from '#src/components/ui/cn.ts';
import { bucketLabel, formatCount, formatRange, formatRevenue } from '../lib/format.ts';

export const CHART_METRICS = [
  { key: 'visitors', label: 'Visitors' },
  { key: 'views', label: 'Page views' },
  { key: 'sales', label: 'Sales' },
  { key: 'revenueCents', label: 'Revenue' },
] as const satisfies ReadonlyArray<{
  key: keyof AnalyticsPoint;
  label: string;
}>;
type Metric = (typeof CHART_METRICS)[number];

const GRANULARITY_WORD = { hour: 'hour', day: 'day', month: 'month' } as const;
const BRAND = 'var(--color-brand-600)';
const PREVIOUS = '#64748b';

interface ChartRow {
  label: string;
  current: number;
  previous: number | null;
}

/**
 * The period's series against the previous period's (dashed), for one metric at a time. Recharts'
 * accessibility layer makes the chart focusable (arrow keys move through the points); the summary
 * sentence and a visually hidden table carry the same numbers for screen readers.
 */
export function TrendChart({ overview }: { overview: AnalyticsOverview }) {
  const [metric, setMetric] = useState<Metric>(CHART_METRICS[0]);
  const id = useId();
  const format = (value: number) => (metric.key === 'revenueCents' ? formatRevenue(value, overview.currency) : formatCount(value));
  const rows: ChartRow[] = overview.series.map((point, index) => ({
    label: bucketLabel(point.bucket, overview.granularity, overview.timeZone),
    current: point[metric.key],
    previous: overview.previousSeries[index]?.[metric.key] ?? null,
  }));
  const summary = chartSummary(overview, metric, rows, format);

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          {metric.label} over time
        </h2>
        <div role="group" aria-label="Chart metric" className="flex flex-wrap gap-1.5">
          {CHART_METRICS.map((option) => (
            <button
              key={option.key}
              type="button"
              aria-pressed={metric.key === option.key}
              onClick={() => setMetric(option)}
              className={cn(
                'min-h-9 rounded-full px-3 text-sm font-semibold ring-1 ring-inset focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
                metric.key === option.key ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white text-slate-700 ring-slate-300 hover:bg-slate-50',
              )}
            >
              {option.label}
            </button>
          ))}
        </div>
      </div>
      <figure className="mt-4">
        <div className="h-64 w-full sm:h-72">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer title={`${metric.label} chart`} desc={summary}>
              <CartesianGrid stroke="#e2e8f0" vertical={false} />
              <XAxis dataKey="label" tick={{ fontSize: 12, fill: '#475569' }} tickLine={false} axisLine={{ stroke: '#cbd5e1' }} minTickGap={16} />
              <YAxis
                tick={{ fontSize: 12, fill: '#475569' }}
                tickLine={false}
                axisLine={false}
                width={metric.key === 'revenueCents' ? 72 : 44}
                allowDecimals={false}
                tickFormatter={format}
              />
              <Tooltip formatter={(value) => format(Number(value))} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line type="monotone" dataKey="current" name="This period" stroke={BRAND} strokeWidth={2.5} dot={false} isAnimationActive={false} />
              <Line
                type="monotone"
                dataKey="previous"
                name="Previous period"
                stroke={PREVIOUS}
                strokeWidth={2}
                strokeDasharray="6 4"
                dot={false}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <figcaption id={`${id}-summary`} className="mt-2 text-sm text-slate-600">
          {summary}
        </figcaption>
      </figure>
      {/* The wrapper is what is hidden: a table's width grows to its content, so `sr-only` on the
          table itself would still widen the page on a phone. */}
      <div className="sr-only">
        <table>
          <caption>
            {metric.label} by {GRANULARITY_WORD[overview.granularity]}, this period and the previous period
          </caption>
          <thead>
            <tr>
              <th scope="col">{capitalise(GRANULARITY_WORD[overview.granularity])}</th>
              <th scope="col">This period</th>
              <th scope="col">Previous period</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => (
              <tr key={index}>
                <th scope="row">{row.label}</th>
                <td>{format(row.current)}</td>
                <td>{row.previous === null ? '—' : format(row.previous)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const capitalise = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** "Visitors by day, Nov 1 – Nov 30, 2026: 1,234 in total (previous period 1,000); the most on Nov 12, 2026 (120)." */
function chartSummary(overview: AnalyticsOverview, metric: Metric, rows: ChartRow[], format: (value: number) => string): string {
  // The period's totals, not the sum of the points: one visitor on two days is one visitor.
  const total = overview.totals[metric.key];
  const previous = overview.previousTotals[metric.key];
  const peak = rows.reduce<ChartRow | null>((best, row) => (best === null || row.current > best.current ? row : best), null);
  const head = `${metric.label} by ${GRANULARITY_WORD[overview.granularity]}, ${formatRange(overview.range)}: ${format(total)} in total (previous period ${format(previous)})`;
  return peak && peak.current > 0 ? `${head}; the most on ${peak.label} (${format(peak.current)}).` : `${head}.`;
}

export function ChartSkeleton() {
  return <div aria-hidden="true" className="h-80 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" />;
}
