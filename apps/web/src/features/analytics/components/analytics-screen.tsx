import { canonicalStoreUrl, type AnalyticsOverview, type AnalyticsTotals, type Store } from '@shopfront/core';
import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { buttonClasses } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useActiveStore } from '#src/lib/active-store.ts';
import { useAppContext } from '#src/lib/app-context.tsx';
import { useAnalyticsOverview } from '../api/analytics-api.ts';
import { formatRange } from '../lib/format.ts';
import { comparisonLabel, periodInput, periodQuery, readPeriod, type PeriodChoice } from '../lib/period.ts';
import type { AdvancedSlotProps } from './advanced-analytics.tsx';
import { KpiCards, KpiSkeleton } from './kpi-cards.tsx';
import { LiveVisitors } from './live-visitors.tsx';
import { MembershipMetricsSection } from './membership-metrics.tsx';
import { OverviewTables } from './overview-tables.tsx';
import { PeriodPicker } from './period-picker.tsx';
import { ChartSkeleton, TrendChart } from './trend-chart.tsx';

export const EMPTY_ANALYTICS_TEXT = 'No visits yet — share your store link';

interface AnalyticsScreenProps {
  /** The funnel and revenue-by-source section; the dashboard mode wraps it in its feature gate. */
  advanced?: (props: AdvancedSlotProps) => ReactNode;
}

/** /dashboard/analytics for the active store: the period (in the URL), totals, chart, tables, live visitors. */
export function AnalyticsScreen({ advanced }: AnalyticsScreenProps) {
  const { store, isPending, isError, error, refetch } = useActiveStore();
  if (isPending) return <Spinner label="Loading your store" />;
  if (isError) return <LoadError title="Your store could not load" error={error} onRetry={() => void refetch()} />;
  if (!store) return <p className="rounded-2xl bg-white p-8 text-center text-slate-600 shadow-sm ring-1 ring-slate-200">Create a store first; its visits and sales will appear here.</p>;
  return <StoreAnalytics key={store.id} store={store} advanced={advanced} />;
}

function StoreAnalytics({ store, advanced }: { store: Store } & AnalyticsScreenProps) {
  const [params, setParams] = useSearchParams();
  const choice = readPeriod(params);
  const input = periodInput(store.id, choice);
  const overview = useAnalyticsOverview(input);
  const setChoice = (next: PeriodChoice) => setParams(periodQuery(next), { replace: true });

  return (
    <div className="space-y-6">
      <div className="flex flex-col gap-3 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 flex-1">
          <PeriodPicker choice={choice} onChange={setChoice} />
        </div>
        <LiveVisitors storeId={store.id} />
      </div>

      {input === null ? null : overview.isError ? (
        <LoadError title="Analytics could not load" error={overview.error} onRetry={() => void overview.refetch()} />
      ) : overview.isPending ? (
        <div role="status" aria-label="Loading analytics" className="space-y-6">
          <KpiSkeleton />
          <ChartSkeleton />
        </div>
      ) : (
        <Overview
          store={store}
          overview={overview.data}
          choice={choice}
          updating={overview.isPlaceholderData}
          advanced={advanced && input ? advanced({ input, filePrefix: filePrefix(store, overview.data) }) : null}
        />
      )}
      {/* Beside the visits, not inside them: a store with members and no recorded visits still sees its members. */}
      {input === null ? null : <MembershipMetricsSection input={input} />}
    </div>
  );
}

function Overview({ store, overview, choice, updating, advanced }: { store: Store; overview: AnalyticsOverview; choice: PeriodChoice; updating: boolean; advanced: ReactNode }) {
  return (
    <div className="space-y-8" aria-busy={updating}>
      <p className="text-sm text-slate-600">
        {formatRange(overview.range)}, compared with {formatRange(overview.previousRange)}. Days follow your store’s time zone ({overview.timeZone}).
        {updating ? <span role="status"> Updating…</span> : null}
      </p>
      {isEmpty(overview.totals) && isEmpty(overview.previousTotals) ? (
        <EmptyState store={store} />
      ) : (
        <>
          <section aria-labelledby="analytics-totals-title">
            <h2 id="analytics-totals-title" className="sr-only">
              Totals
            </h2>
            <KpiCards totals={overview.totals} previous={overview.previousTotals} currency={overview.currency} comparison={comparisonLabel(choice, overview.range)} />
          </section>
          <TrendChart overview={overview} />
          <OverviewTables overview={overview} filePrefix={filePrefix(store, overview)} />
          {advanced ? (
            <section aria-labelledby="analytics-advanced-title" className="space-y-3">
              <h2 id="analytics-advanced-title" className="text-lg font-semibold text-slate-900">
                Funnel and revenue by source
              </h2>
              {advanced}
            </section>
          ) : null}
        </>
      )}
    </div>
  );
}

const filePrefix = (store: Store, overview: AnalyticsOverview) => `${store.slug}-analytics-${overview.range.from}-to-${overview.range.to}`;

function isEmpty(totals: AnalyticsTotals): boolean {
  return totals.visitors + totals.views + totals.productViews + totals.clicks + totals.checkouts + totals.sales + totals.signups === 0;
}

function EmptyState({ store }: { store: Store }) {
  const { config } = useAppContext();
  const url = canonicalStoreUrl(store, { origin: config.publicUrl });
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-slate-200">
      <h2 className="font-semibold text-slate-900">{EMPTY_ANALYTICS_TEXT}</h2>
      <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">
        Nothing was recorded in this period or the one before. When people visit <span className="font-medium break-all text-slate-900">{url}</span>, their visits,
        clicks and sales show up here. No cookies, no personal data.
      </p>
      <a href={url} target="_blank" rel="noreferrer" className={buttonClasses('primary', 'mt-4')}>
        Open your store<span className="sr-only"> (opens in a new tab)</span>
      </a>
    </div>
  );
}
