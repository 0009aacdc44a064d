import { formatMoney } from '@shopfront/core';

export type MemberStatus = 'trialing' | 'active' | 'past_due' | 'paused' | 'ended';

export const STATUS_LABELS: Record<MemberStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  ended: 'Ended',
};

/** A date as people read it, in the viewer's language ("Mar 5, 2030"); '' for a bad one. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date);
}

export const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US' });

export const perInterval = (interval: 'monthly' | 'yearly') => (interval === 'monthly' ? 'month' : 'year');

/**
 * "Active", or "Active · cancels Mar 5, 2030" when it ends at the period's end ("cancels at period
 * end" when the date is not known: the creator's member row does not carry it).
 */
export function statusText(status: MemberStatus, cancelAtPeriodEnd: boolean, endsAt: string | null): string {
  if (!cancelAtPeriodEnd || status === 'ended') return STATUS_LABELS[status];
  return `${STATUS_LABELS[status]} · cancels ${endsAt ? formatDay(endsAt) : 'at period end'}`;
}
