import type { MyMembership } from '@shopfront/core';
import { Button } from '#src/components/ui/button.tsx';
import { formatDay, money, perInterval, STATUS_LABELS } from '../lib/member-format.ts';
import { endOfPaidTime } from './cancel-my-membership-dialog.tsx';
import { InvoiceList } from './invoice-list.tsx';

export type MembershipAction = 'cancel' | 'resume' | 'change' | 'card';

/** One of the member's memberships: what they have, what comes next, and what they can do. */
export function MyMembershipCard({ membership: m, storeHref, canChangeTier, resuming, onAction }: { membership: MyMembership; storeHref: string; canChangeTier: boolean; resuming: boolean; onAction: (action: MembershipAction) => void }) {
  const locked = m.status === 'ended' || m.accessUntil === null;
  const live = !locked && m.status !== 'paused';
  return (
    <article className="rounded-xl bg-white p-4 ring-1 ring-slate-200 sm:p-5" aria-labelledby={`membership-${m.id}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id={`membership-${m.id}`} className="text-lg font-semibold text-slate-900">
          {m.tier.name}
        </h3>
        <p className="text-sm font-medium text-slate-700">{locked ? 'Ended' : STATUS_LABELS[m.status]}</p>
      </div>
      <p className="text-sm text-slate-700">
        {money(m.priceCents, m.currency)} a {perInterval(m.interval)}
      </p>

      {locked ? (
        <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" role="status">
          <p className="font-semibold">Your access has ended.</p>
          <p>Join again to open this tier’s content.</p>
          <a href={storeHref} className="mt-2 inline-flex min-h-11 items-center font-semibold underline">
            Renew from the store
          </a>
        </div>
      ) : (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {m.status === 'trialing' && m.trialEnd ? <li>Free trial until {formatDay(m.trialEnd)}</li> : null}
          {m.status === 'past_due' ? <li className="font-medium text-red-700">Your last payment failed. Update your card to keep access after {formatDay(m.accessUntil ?? m.currentPeriodEnd)}.</li> : null}
          {m.cancelAtPeriodEnd ? <li className="font-medium">Cancelled: you keep access until {formatDay(m.accessUntil ?? endOfPaidTime(m))}.</li> : null}
          {m.nextCharge ? (
            <li>
              Next charge {money(m.nextCharge.amountCents, m.currency)} on {formatDay(m.nextCharge.at)}
            </li>
          ) : null}
        </ul>
      )}

      {locked ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          {m.cancelAtPeriodEnd ? (
            <Button onClick={() => onAction('resume')} disabled={resuming} aria-busy={resuming}>
              {resuming ? 'Resuming…' : 'Resume membership'}
            </Button>
          ) : null}
          {live && !m.cancelAtPeriodEnd && canChangeTier && m.status !== 'past_due' ? (
            <Button variant="secondary" onClick={() => onAction('change')}>
              Change tier
            </Button>
          ) : null}
          <Button variant="secondary" onClick={() => onAction('card')}>
            Update card
          </Button>
          {live && !m.cancelAtPeriodEnd ? (
            <Button variant="ghost" onClick={() => onAction('cancel')}>
              Cancel membership
            </Button>
          ) : null}
        </div>
      )}
      <InvoiceList invoices={m.invoices} />
    </article>
  );
}
