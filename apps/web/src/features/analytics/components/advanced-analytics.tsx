import type { AnalyticsAdvanced, AnalyticsPeriodInput } from '@shopfront/core';
import { useMemo } from 'react';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { useAdvancedAnalytics } from '../api/analytics-api.ts';
import { formatCount, formatRate, sourceLabel } from '../lib/format.ts';
import { AnalyticsTable, type TableColumn } from './analytics-table.tsx';
import { revenueColumn } from './overview-tables.tsx';

type FunnelStep = AnalyticsAdvanced['funnel'][number];
type SourceRow = AnalyticsAdvanced['revenueByReferrer'][number];
type CampaignRow = AnalyticsAdvanced['emailCampaigns'][number];
interface FunnelRow extends FunnelStep {
  /** Visitors of this step ÷ visitors of the step before (null for the first, or after an empty step). */
  fromPrevious: number | null;
  /** Of the first step's visitors, for the bar. */
  ofFirst: number;
}

export const FUNNEL_LABELS: Record<FunnelStep['step'], string> = {
  storefront_view: 'Viewed the store',
  product_view: 'Viewed a product',
  checkout_started: 'Started checkout',
  purchase: 'Bought',
};

export function funnelRows(funnel: readonly FunnelStep[]): FunnelRow[] {
  const first = funnel[0]?.visitors ?? 0;
  return funnel.map((step, index) => {
    const before = index > 0 ? funnel[index - 1]!.visitors : 0;
    return { ...step, fromPrevious: index > 0 && before > 0 ? step.visitors / before : null, ofFirst: first > 0 ? step.visitors / first : 0 };
  });
}

const FUNNEL_COLUMNS: TableColumn<FunnelRow>[] = [
  {
    id: 'step',
    header: 'Step',
    csv: (row) => FUNNEL_LABELS[row.step],
    cell: (row) => (
      <span className="block min-w-40">
        {FUNNEL_LABELS[row.step]}
        <span aria-hidden="true" className="mt-1 block h-2 rounded-full bg-slate-100">
          <span className="block h-2 rounded-full bg-brand-500" style={{ width: `${Math.round(row.ofFirst * 100)}%` }} />
        </span>
      </span>
    ),
  },
  { id: 'visitors', header: 'Visitors', numeric: true, csv: (row) => row.visitors, cell: (row) => formatCount(row.visitors) },
  {
    id: 'conversion',
    header: 'From the step before',
    numeric: true,
    csv: (row) => (row.fromPrevious === null ? '' : formatRate(row.fromPrevious)),
    cell: (row) => (row.fromPrevious === null ? '—' : formatRate(row.fromPrevious)),
  },
];

function sourceColumns(first: string, currency: string): TableColumn<SourceRow>[] {
  return [
    { id: 'value', header: first, csv: (row) => sourceLabel(row.value) },
    { id: 'visitors', header: 'Visitors', numeric: true, csv: (row) => row.visitors, cell: (row) => formatCount(row.visitors) },
    { id: 'sales', header: 'Sales', numeric: true, csv: (row) => row.sales, cell: (row) => formatCount(row.sales) },
    revenueColumn<SourceRow>(currency),
  ];
}

function campaignColumns(currency: string): TableColumn<CampaignRow>[] {
  return [
    { id: 'campaign', header: 'Email campaign', csv: (row) => row.name },
    { id: 'visitors', header: 'Visitors', numeric: true, csv: (row) => row.visitors, cell: (row) => formatCount(row.visitors) },
    { id: 'sales', header: 'Sales', numeric: true, csv: (row) => row.sales, cell: (row) => formatCount(row.sales) },
    revenueColumn<CampaignRow>(currency),
  ];
}

/** Props the analytics screen hands to its advanced slot. */
export interface AdvancedSlotProps {
  input: AnalyticsPeriodInput;
  filePrefix: string;
}

/** The funnel and sources-to-revenue (getAdvancedAnalytics); mount it only while advancedAnalytics is on. */
export function AdvancedAnalytics({ input, filePrefix }: AdvancedSlotProps) {
  const advanced = useAdvancedAnalytics(input);
  const currency = advanced.data?.currency ?? 'USD';
  const columns = useMemo(
    () => ({
      referrer: sourceColumns('Referrer', currency),
      utmSource: sourceColumns('UTM source', currency),
      utmCampaign: sourceColumns('UTM campaign', currency),
      campaigns: campaignColumns(currency),
    }),
    [currency],
  );
  if (advanced.isPending) return <div role="status" aria-label="Loading the funnel" className="h-48 animate-pulse rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" />;
  if (advanced.isError) return <LoadError title="The funnel could not load" error={advanced.error} onRetry={() => void advanced.refetch()} />;
  const data = advanced.data;
  const common = { filePrefix };
  return (
    <div className="grid gap-4 2xl:grid-cols-2" aria-busy={advanced.isFetching}>
      <AnalyticsTable
        {...common}
        title="Funnel"
        description="Visitors who reached each step, and the share who went on from the step before."
        rows={funnelRows(data.funnel)}
        columns={FUNNEL_COLUMNS}
        rowKey={(row) => row.step}
      />
      <AnalyticsTable {...common} title="Revenue by referrer" rows={data.revenueByReferrer} columns={columns.referrer} rowKey={(row) => row.value} />
      <AnalyticsTable {...common} title="Revenue by UTM source" rows={data.revenueByUtmSource} columns={columns.utmSource} rowKey={(row) => row.value} />
      <AnalyticsTable {...common} title="Revenue by UTM campaign" rows={data.revenueByUtmCampaign} columns={columns.utmCampaign} rowKey={(row) => row.value} />
      <AnalyticsTable
        {...common}
        title="Email campaigns to revenue"
        description="Visitors who arrived from a campaign’s links, and what they bought."
        rows={data.emailCampaigns}
        columns={columns.campaigns}
        rowKey={(row) => row.campaignId}
        emptyText="No visits from email campaigns in this period."
      />
    </div>
  );
}

/** What the advanced section says while the platform has advancedAnalytics off. */
export function AdvancedAnalyticsOff() {
  return (
    <p data-testid="advanced-analytics-off" className="rounded-xl bg-slate-50 p-4 text-sm text-slate-600 ring-1 ring-slate-200 ring-inset">
      Funnels and revenue by source are turned off on this platform. An administrator can turn on Advanced analytics.
    </p>
  );
}
