import { formatMoney, type AffiliateCommissionStatus, type MyAffiliate } from '@shopfront/core';
import { useId, type ReactNode } from 'react';
import { cn } from '#src/components/ui/cn.ts';
import { formatPurchaseDate } from '#src/features/members/format.ts';

type Affiliate = NonNullable<MyAffiliate['affiliate']>;
type Commission = Affiliate['commissions'][number];

const ITEM = 'sf-members-item rounded-2xl bg-white p-4 ring-1 ring-slate-200';

/** What a commission's status says to the affiliate. */
export function commissionStatusText(commission: Pick<Commission, 'status' | 'holdUntil'>): string {
  const labels: Record<AffiliateCommissionStatus, string> = {
    pending: `Pending · payable from ${formatPurchaseDate(commission.holdUntil)}`,
    payable: 'Payable · waiting for the next payout',
    paid: 'Paid',
    cancelled: 'Cancelled · the sale was refunded',
  };
  return labels[commission.status];
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

const count = (value: number) => new Intl.NumberFormat().format(value);

/**
 * Label over value in a row of three cells. `wide` values (money) get a line each on a phone,
 * label beside value, so an amount never breaks inside a 390 px screen.
 */
function Figures({ items, label, wide = false }: { items: Array<[string, string]>; label: string; wide?: boolean }) {
  return (
    <dl aria-label={label} className={cn('grid gap-2', wide ? 'grid-cols-1 sm:grid-cols-3' : 'grid-cols-3')}>
      {items.map(([name, value]) => (
        <div key={name} className={cn(ITEM, 'min-w-0 p-3', wide && 'flex items-baseline justify-between gap-3 sm:block')}>
          <dt className="text-xs font-medium text-slate-600">{name}</dt>
          <dd className={cn('text-base font-semibold text-slate-900 tabular-nums wrap-anywhere sm:mt-1 sm:text-lg', !wide && 'mt-1')}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * An affiliate's results: visits, signups and sales; earnings pending, payable and paid (one row
 * per currency the store sold in); each commission and each payout, newest first.
 */
export function AffiliateLedger({ affiliate }: { affiliate: Affiliate }) {
  const { stats, earnings, commissions, payouts } = affiliate;
  return (
    <div className="space-y-8">
      <Section title="Your results">
        <Figures
          label="Your results"
          items={[
            ['Visits', count(stats.visits)],
            ['Signups', count(stats.signups)],
            ['Sales', count(stats.sales)],
          ]}
        />
      </Section>

      <Section title="Earnings">
        {earnings.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing earned yet. Commissions appear here as soon as a referred sale is paid.</p>
        ) : (
          earnings.map((row) => (
            <div key={row.currency} className="space-y-2">
              {earnings.length > 1 ? <h3 className="text-sm font-semibold text-slate-700">In {row.currency}</h3> : null}
              <Figures
                wide
                label={`Earnings in ${row.currency}`}
                items={[
                  ['Pending', formatMoney(row.pendingCents, row.currency)],
                  ['Payable', formatMoney(row.payableCents, row.currency)],
                  ['Paid', formatMoney(row.paidCents, row.currency)],
                ]}
              />
            </div>
          ))
        )}
        <p className="text-sm text-slate-600">
          A commission is pending while the sale can still be refunded, then payable; the creator pays it out and marks it paid.
        </p>
      </Section>

      <Section title="Commissions">
        {commissions.length === 0 ? (
          <p className="text-sm text-slate-600">No sales yet. Share your links to start earning.</p>
        ) : (
          <ul className="space-y-2">
            {commissions.map((commission) => (
              <li key={commission.id} className={ITEM}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="min-w-0 font-semibold text-slate-900 wrap-anywhere">{commission.productTitle}</p>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(commission.netCents, commission.currency)}</p>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  <time dateTime={commission.createdAt}>{formatPurchaseDate(commission.createdAt)}</time> · {commissionStatusText(commission)}
                  {commission.testMode ? ' · Test sale' : ''}
                </p>
                {commission.reversedCents > 0 && commission.status !== 'cancelled' ? (
                  <p className="text-sm text-slate-600">
                    {formatMoney(commission.reversedCents, commission.currency)} less after a partial refund (was {formatMoney(commission.amountCents, commission.currency)}).
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Section>

      <Section title="Payout history">
        {payouts.length === 0 ? (
          <p className="text-sm text-slate-600">No payouts yet.</p>
        ) : (
          <ul className="space-y-2">
            {payouts.map((payout) => (
              <li key={payout.id} className={ITEM}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
                  <p className="font-semibold text-slate-900">
                    Paid <time dateTime={payout.createdAt}>{formatPurchaseDate(payout.createdAt)}</time>
                  </p>
                  <p className="font-semibold text-slate-900 tabular-nums">{formatMoney(payout.amountCents, payout.currency)}</p>
                </div>
                <p className="mt-1 text-sm text-slate-600">
                  {payout.commissionCount === 1 ? '1 commission' : `${payout.commissionCount} commissions`}
                  {payout.note ? ` · ${payout.note}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
    </div>
  );
}
