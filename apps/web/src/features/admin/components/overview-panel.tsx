import { formatMoney } from '@shopfront/core/money';
import { Alert } from '#src/components/ui/alert.tsx';
import { Button } from '#src/components/ui/button.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { usePlatformStats } from '../api/admin-users-api.ts';
import { RegionsPanel } from './regions-panel.tsx';

function StatCard({ label, total, recent }: { label: string; total: string; recent: string }) {
  return (
    <div className="rounded-xl bg-white p-4 ring-1 ring-slate-200">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1">
        <span className="text-2xl font-bold tracking-tight text-slate-900">{recent}</span>
        <span className="ml-2 text-sm text-slate-500">last 30 days</span>
        <span className="mt-1 block text-sm text-slate-600">{total} all time</span>
      </dd>
    </div>
  );
}

const count = (n: number) => n.toLocaleString();

/** The admin home: the platform's numbers, then the data regions (each loads and fails on its own). */
export function OverviewPanel() {
  return (
    <div className="min-w-0">
      <PlatformNumbers />
      <RegionsPanel />
    </div>
  );
}

/** The platform's numbers: creators, stores, sales and revenue (the platform fee), last 30 days and all time. */
function PlatformNumbers() {
  const stats = usePlatformStats();
  if (stats.isPending) return <Spinner label="Loading platform numbers" />;
  if (stats.isError) {
    return (
      <Alert title="Could not load the platform numbers">
        {errorMessage(stats.error)}{' '}
        <Button variant="ghost" onClick={() => void stats.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  const { creators, stores, sales, revenue } = stats.data;
  return (
    <section aria-labelledby="admin-overview-title">
      <h2 id="admin-overview-title" className="sr-only">
        Platform numbers
      </h2>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-4">
        <StatCard label="Creators" total={count(creators.total)} recent={count(creators.last30Days)} />
        <StatCard label="Stores" total={count(stores.total)} recent={count(stores.last30Days)} />
        <StatCard label="Sales" total={count(sales.total)} recent={count(sales.last30Days)} />
        {revenue.length === 0 ? (
          <StatCard label="Revenue (platform fee)" total={formatMoney(0, 'USD')} recent={formatMoney(0, 'USD')} />
        ) : (
          revenue.map((row) => (
            <StatCard key={row.currency} label={`Revenue (platform fee, ${row.currency})`} total={formatMoney(row.totalCents, row.currency)} recent={formatMoney(row.last30DaysCents, row.currency)} />
          ))
        )}
      </dl>
    </section>
  );
}
