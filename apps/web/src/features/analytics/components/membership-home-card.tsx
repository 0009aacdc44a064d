import { Link } from 'react-router';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { Spinner } from '#src/components/ui/spinner.tsx';
import { useMembershipMetrics } from '../api/analytics-api.ts';
import { membershipTiles } from './membership-metrics.tsx';

/** The four numbers the overview shows, over the last 30 days (the analytics page has the rest). */
const HOME_TILES = ['mrr', 'members', 'churn', 'trials'];

/**
 * The overview's membership numbers (MRR, active members, churn and trial conversion over the last
 * 30 days), for a store with a membership product; nothing for one without. Loaded after the
 * overview's first screen (MembershipNumbersSlot), in a chunk of its own.
 */
export function MembershipHomeCard({ storeId, analyticsPath, membersPath }: { storeId: string; analyticsPath: string; membersPath: string }) {
  const metrics = useMembershipMetrics({ storeId, period: '30d' });
  if (metrics.isPending) return <Spinner label="Loading membership numbers" />;
  if (metrics.isError) return <LoadError title="Membership numbers could not load" error={metrics.error} onRetry={() => void metrics.refetch()} />;
  const data = metrics.data;
  if (!data.hasMemberships) return null;
  const noMembers = data.activeMembers === 0 && data.newMembers === 0 && data.churn.atStart === 0 && data.mrrCents === 0;
  return (
    <section aria-labelledby="home-memberships-title" className="space-y-3">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="home-memberships-title" className="text-base font-semibold text-slate-900">
          Memberships
        </h2>
        <Link to={analyticsPath} className="text-sm font-semibold text-brand-700 underline-offset-2 hover:underline">
          More in Analytics
        </Link>
      </div>
      <p className="text-sm text-slate-600">Now, with churn and trial conversion over the last 30 days.</p>
      {noMembers ? (
        <p className="rounded-xl bg-white p-4 text-sm text-slate-600 shadow-sm ring-1 ring-slate-200">
          No members yet.{' '}
          <Link to={membersPath} className="font-semibold text-brand-700 underline">
            Share your membership’s page
          </Link>{' '}
          to find your first.
        </p>
      ) : (
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {membershipTiles(data)
            .filter((tile) => HOME_TILES.includes(tile.key))
            .map((tile) => (
              <div key={tile.key} className="min-w-0 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                <dt className="text-sm text-slate-500">{tile.label}</dt>
                <dd className="mt-1 text-2xl font-semibold break-words tabular-nums text-slate-900">{tile.value}</dd>
                <dd className="mt-1 text-xs text-slate-600">{tile.note}</dd>
              </div>
            ))}
        </dl>
      )}
    </section>
  );
}
