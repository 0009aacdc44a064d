import type { StoreStats as Stats } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { errorMessage } from '#src/lib/error-message.ts';
import { useStoreStats } from '../hooks/use-store-stats.ts';

const TILES: ReadonlyArray<{ key: keyof Stats; label: string }> = [
  { key: 'customers', label: 'Customers' },
  { key: 'products', label: 'Products' },
  { key: 'orders', label: 'Orders' },
  { key: 'emailCampaigns', label: 'Email campaigns' },
];

/** Spec §3 store stats as four tiles. */
export function StoreStats({ storeId }: { storeId: string }) {
  const stats = useStoreStats(storeId);
  if (stats.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-red-50 p-4 text-sm text-red-800 ring-1 ring-inset ring-red-200">
        <span>Stats could not load. {errorMessage(stats.error)}</span>
        <Button variant="secondary" onClick={() => void stats.refetch()} disabled={stats.isFetching}>
          {stats.isFetching ? 'Retrying…' : 'Retry'}
        </Button>
      </div>
    );
  }
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={stats.isPending}>
      {TILES.map((tile) => (
        <div key={tile.key} className="rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <dt className="text-sm text-slate-500">{tile.label}</dt>
          <dd className="mt-1 text-2xl font-semibold tabular-nums text-slate-900">
            {stats.data ? stats.data[tile.key].toLocaleString() : <span aria-label="Loading" className="inline-block h-7 w-10 animate-pulse rounded bg-slate-100" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
