import { formatMoney } from '@shopfront/core';

export type MemberStatus = 'trialing' | 'active' | 'past_due' | 'paused' | 'ended';

export const STATUS_LABELS: Record<MemberStatus, string> = {
  trialing: 'Trialing',
  active: 'Active',
  past_due: 'Past due',
  paused: 'Paused',
  ended: 'Ended',
};

/**
 * A date as people read it, in the viewer's language ("Mar 5, 2030"); '' for a bad one. In the
 * viewer's zone, or in `timeZone` for a day of the store's (a pause's resume date starts at the
 * store's midnight, which is the day before in zones west of it).
 */
export function formatDay(iso: string, timeZone?: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', ...(timeZone ? { timeZone } : {}) }).format(date);
}

/** The calendar day (`YYYY-MM-DD`) `days` after today in `timeZone`, as a date input takes it. */
export function dayInZone(timeZone: string, days: number, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
  const part = (type: string) => Number(parts.find((one) => one.type === type)?.value);
  const day = new Date(Date.UTC(part('year'), part('month') - 1, part('day') + days));
  return day.toISOString().slice(0, 10);
}

export const money = (cents: number, currency: string) => formatMoney(cents, currency, { locale: 'en-US' });

export const perInterval = (interval: 'monthly' | 'yearly') => (interval === 'monthly' ? 'month' : 'year');

/** "Mar 5": a day without its year, where the year shows beside it (the members table's status). */
export function formatShortDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric' }).format(date);
}

/** The status's second line: "cancels Mar 5" when it ends at the period's end, "since Feb 20" when paused. */
export function statusNote(member: { status: MemberStatus; cancelAtPeriodEnd: boolean; periodEnd: string; pausedAt: string | null }): string | null {
  if (member.status === 'paused') return member.pausedAt ? `since ${formatShortDay(member.pausedAt)}` : null;
  return member.cancelAtPeriodEnd && member.status !== 'ended' ? `cancels ${formatShortDay(member.periodEnd)}` : null;
}
