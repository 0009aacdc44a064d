import type { MyMembership } from '@shopfront/core';
import type { ReactNode } from 'react';
import { Button } from '#src/components/ui/button.tsx';
import { formatDay, money, perInterval, STATUS_LABELS } from '../lib/member-format.ts';
import { endOfPaidTime } from './cancel-my-membership-dialog.tsx';
import { InvoiceList } from './invoice-list.tsx';
import { productPagePath } from './my-membership-posts.tsx';
import { PendingRequestNotice } from './pending-request-notice.tsx';

export type MembershipAction = 'cancel' | 'resume' | 'change' | 'card' | 'billing' | 'pause' | 'unpause';

interface MyMembershipCardProps {
  membership: MyMembership;
  storeHref: string;
  resuming: boolean;
  openingBilling?: boolean;
  onAction: (action: MembershipAction) => void;
  /** What the tier includes beyond its posts (its files), shown above the invoices. */
  children?: ReactNode;
}

/**
 * One of the member's memberships: what they have, what comes next, and what they can do. A Stripe
 * membership changes its card in Stripe's portal ("Manage billing"), and while a request waits for
 * Stripe's confirmation it offers no other change (the state shown is still the old one).
 */
export function MyMembershipCard({ membership: m, storeHref, resuming, openingBilling = false, onAction, children }: MyMembershipCardProps) {
  const paused = m.status === 'paused';
  const locked = m.status === 'ended' || (m.accessUntil === null && !paused);
  const waiting = m.pendingRequest !== null;
  const live = !locked && !paused && !waiting;
  const canChangeTier = m.otherTiers.length > 0;
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
          <a href={productPagePath(storeHref, m.productSlug)} className="mt-2 inline-flex min-h-11 items-center font-semibold underline">
            Renew from the store
          </a>
        </div>
      ) : paused ? (
        <div className="mt-3 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" role="status">
          <p className="font-semibold text-slate-900">
            Paused{m.pausedAt ? ` since ${formatDay(m.pausedAt)}` : ''}
            {m.pausedUntil ? `, until ${formatDay(m.pausedUntil, m.timeZone)}` : ''}.
          </p>
          <p>
            Nothing is charged and this tier’s content is closed until {m.pausedUntil ? 'it resumes by itself then, or you resume it sooner' : 'you resume'}. Your paid time left is kept for when you
            do.
          </p>
        </div>
      ) : (
        <ul className="mt-3 space-y-1 text-sm text-slate-700">
          {m.status === 'trialing' && m.trialEnd ? (
            <li>
              Free trial until {formatDay(m.trialEnd)}
              {m.pausable ? ' (you can pause once it has ended)' : ''}
            </li>
          ) : null}
          {m.status === 'past_due' ? <li className="font-medium text-red-700">Your last payment failed. Update your card{m.provider === 'stripe' ? ' in Manage billing' : ''} to keep access after {formatDay(m.accessUntil ?? m.currentPeriodEnd)}.</li> : null}
          {m.cancelAtPeriodEnd ? <li className="font-medium">Cancelled: you keep access until {formatDay(m.accessUntil ?? endOfPaidTime(m))}.</li> : null}
          {m.nextCharge ? (
            <li>
              Next charge {money(m.nextCharge.amountCents, m.currency)} on {formatDay(m.nextCharge.at)}
            </li>
          ) : null}
        </ul>
      )}

      {m.pendingRequest && !locked ? <PendingRequestNotice type={m.pendingRequest.type} /> : null}

      {locked ? null : (
        <div className="mt-4 flex flex-wrap gap-2">
          {(m.cancelAtPeriodEnd || paused) && !waiting ? (
            <Button onClick={() => onAction(paused ? 'unpause' : 'resume')} disabled={resuming} aria-busy={resuming}>
              {resuming ? 'Resuming…' : 'Resume membership'}
            </Button>
          ) : null}
          {live && !m.cancelAtPeriodEnd && canChangeTier && m.status !== 'past_due' ? (
            <Button variant="secondary" onClick={() => onAction('change')}>
              Change tier
            </Button>
          ) : null}
          {m.provider === 'stripe' ? (
            <Button variant="secondary" onClick={() => onAction('billing')} disabled={openingBilling} aria-busy={openingBilling}>
              {openingBilling ? 'Opening Stripe…' : 'Manage billing'}
            </Button>
          ) : (
            <Button variant="secondary" onClick={() => onAction('card')}>
              Update card
            </Button>
          )}
          {live && !m.cancelAtPeriodEnd && m.pausable && m.status === 'active' ? (
            <Button variant="secondary" onClick={() => onAction('pause')}>
              Pause membership
            </Button>
          ) : null}
          {live && !m.cancelAtPeriodEnd ? (
            <Button variant="ghost" onClick={() => onAction('cancel')}>
              Cancel membership
            </Button>
          ) : null}
        </div>
      )}
      {children}
      <InvoiceList invoices={m.invoices} />
    </article>
  );
}
