import type { AnalyticsPeriodInput, MembershipMetrics } from '@shopfront/core';
import { LoadError } from '#src/components/errors/load-error.tsx';
import { useMembershipMetrics } from '../api/analytics-api.ts';
import { formatCount, formatRate, formatRevenue } from '../lib/format.ts';

export interface MembershipTile {
  key: string;
  label: string;
  value: string;
  note: string;
}

const plural = (count: number, one: string, many: string) => `${formatCount(count)} ${count === 1 ? one : many}`;

/** The numbers as tiles: label, value and what it counts (the overview's card shows four of them). */
export function membershipTiles(metrics: MembershipMetrics): MembershipTile[] {
  const { churn, trialConversion: trials } = metrics;
  return [
    { key: 'mrr', label: 'Monthly recurring revenue', value: formatRevenue(metrics.mrrCents, metrics.currency), note: 'Now, from active and past-due members' },
    { key: 'members', label: 'Active members', value: formatCount(metrics.activeMembers), note: `Now; ${formatCount(metrics.trialingMembers)} of them in a trial` },
    { key: 'new', label: 'New members', value: formatCount(metrics.newMembers), note: 'Joined in this period' },
    {
      key: 'churn',
      label: 'Churn',
      value: churn.rate === null ? '—' : formatRate(churn.rate),
      note: churn.atStart === 0 ? 'No members at the start of this period' : `${formatCount(churn.ended)} of ${plural(churn.atStart, 'member', 'members')} left`,
    },
    {
      key: 'trials',
      label: 'Trial conversion',
      value: trials.rate === null ? '—' : formatRate(trials.rate),
      note: trials.trialsEnded === 0 ? 'No trial ended in this period' : `${formatCount(trials.converted)} of ${plural(trials.trialsEnded, 'ended trial', 'ended trials')} paid`,
    },
  ];
}

/**
 * The store's memberships over the page's period. Nothing shows for a store without a
 * membership product, nor while the first answer loads (the page has its own loading state).
 */
export function MembershipMetricsSection({ input }: { input: AnalyticsPeriodInput }) {
  const metrics = useMembershipMetrics(input);
  if (metrics.isError) return <LoadError title="Membership numbers could not load" error={metrics.error} onRetry={() => void metrics.refetch()} />;
  if (!metrics.data?.hasMemberships) return null;
  return (
    <section aria-labelledby="analytics-memberships-title" aria-busy={metrics.isPlaceholderData} className="space-y-3">
      <h2 id="analytics-memberships-title" className="text-lg font-semibold text-slate-900">
        Memberships
      </h2>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {membershipTiles(metrics.data).map((tile) => (
          <div key={tile.key} data-testid={`membership-${tile.key}`} className="min-w-0 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <dt className="text-sm font-medium text-slate-600">{tile.label}</dt>
            <dd className="mt-1 text-xl font-bold tracking-tight break-words text-slate-900 tabular-nums sm:text-2xl">{tile.value}</dd>
            <dd className="mt-1 text-xs text-slate-600">{tile.note}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
