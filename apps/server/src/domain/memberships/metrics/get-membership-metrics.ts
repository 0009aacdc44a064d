import type { MembershipMetrics } from '@shopfront/core';
import { sql } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import { resolveAnalyticsPeriod, type PeriodRequest } from '#src/domain/analytics/queries/analytics-period.ts';
import { addDays, localMidnight } from '#src/domain/analytics/queries/local-time.ts';

interface MetricsRow extends Record<string, unknown> {
  has_memberships: boolean;
  mrr_cents: string | number;
  active_members: number;
  trialing_members: number;
  new_members: number;
  at_start: number;
  ended: number;
  trials_ended: number;
  converted: number;
}

const rate = (part: number, whole: number) => (whole > 0 ? part / whole : null);

/**
 * MRR, members, churn and trial conversion of a store the caller owns, for a dashboard period in
 * the store's zone, in one query over `memberships` (a store has thousands of members, not
 * millions; the (store, customer) index narrows it).
 * - MRR and the member counts are as of now; a yearly price counts a twelfth, in the member's own
 *   price (what they pay, not the tier's current price); members of another currency are left
 *   out of MRR (a store sells in one currency; a changed currency leaves old members behind).
 * - Churn: of the members not ended at the period's start, those who ended during it.
 * - Trial conversion: trials whose end fell in the period and that are over (the member is no
 *   longer trialing, so a store on its test clock counts by its own time), and of those, the ones
 *   with a paid period charge starting at or after the trial's end.
 */
export async function getMembershipMetrics(db: Executor, options: { store: StoreRow; request: PeriodRequest; now: Date }): Promise<MembershipMetrics> {
  const { store } = options;
  const { range } = resolveAnalyticsPeriod(options.request, { now: options.now, timeZone: store.timeZone });
  const start = localMidnight(range.from, store.timeZone);
  const end = localMidnight(addDays(range.to, 1), store.timeZone);
  const result = await db.execute<MetricsRow>(sql`
    select
      exists (select 1 from products p where p.store_id = ${store.id} and p.type = 'membership') as has_memberships,
      coalesce(sum(case when m.status in ('active', 'past_due') and m.currency = ${store.currency}
        then case when m.interval = 'year' then round(m.price_cents / 12.0) else m.price_cents end end), 0) as mrr_cents,
      count(*) filter (where m.status in ('trialing', 'active', 'past_due'))::int as active_members,
      count(*) filter (where m.status = 'trialing')::int as trialing_members,
      count(*) filter (where m.created_at >= ${start} and m.created_at < ${end})::int as new_members,
      count(*) filter (where m.created_at < ${start} and (m.ended_at is null or m.ended_at >= ${start}))::int as at_start,
      count(*) filter (where m.created_at < ${start} and m.ended_at >= ${start} and m.ended_at < ${end})::int as ended,
      count(*) filter (where m.trial_end >= ${start} and m.trial_end < ${end} and m.status <> 'trialing')::int as trials_ended,
      count(*) filter (
        where m.trial_end >= ${start} and m.trial_end < ${end} and m.status <> 'trialing'
          and exists (
            select 1 from membership_invoices i
            where i.membership_id = m.id and i.status = 'paid' and i.kind = 'period' and i.amount_cents > 0 and i.period_start >= m.trial_end
          )
      )::int as converted
    from memberships m
    where m.store_id = ${store.id}`);
  const row = result.rows[0]!;
  return {
    hasMemberships: row.has_memberships,
    currency: store.currency,
    range,
    mrrCents: Number(row.mrr_cents),
    activeMembers: row.active_members,
    trialingMembers: row.trialing_members,
    newMembers: row.new_members,
    churn: { atStart: row.at_start, ended: row.ended, rate: rate(row.ended, row.at_start) },
    trialConversion: { trialsEnded: row.trials_ended, converted: row.converted, rate: rate(row.converted, row.trials_ended) },
  };
}
