// Exports the membership time and price rules: the retry schedule and grace, the late-renewal leeway, periods and tier prices.
import type { MembershipInterval, MembershipTierRow } from '#src/db/schema/index.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The test provider's retries after a failed renewal, in days after the charge was due: the
 * member keeps access meanwhile (past_due); a success recovers the membership, and the last
 * failure ends it. Stripe's Smart Retries choose their own times on the connected account.
 */
export const RENEWAL_RETRY_DAYS = Object.freeze([1, 3, 5] as const);

/** Access lasts until the last retry: the grace period after a failed renewal. */
export const RENEWAL_GRACE_MS = RENEWAL_RETRY_DAYS[RENEWAL_RETRY_DAYS.length - 1]! * DAY_MS;

/**
 * How long past its period (or trial) an active membership keeps access while its renewal event
 * is late (a job runner catching up, a delayed webhook), so a paying member is never locked out
 * by a queue. One whose events stopped altogether locks this long after its period.
 */
export const LATE_RENEWAL_LEEWAY_MS = DAY_MS;

export const retryAt = (dueAt: Date, attempt: number): Date | null => {
  const days = RENEWAL_RETRY_DAYS[attempt - 1];
  return days === undefined ? null : new Date(dueAt.getTime() + days * DAY_MS);
};

export const graceUntil = (dueAt: Date): Date => new Date(dueAt.getTime() + RENEWAL_GRACE_MS);

export const addDays = (at: Date, days: number): Date => new Date(at.getTime() + days * DAY_MS);

/** One billing period on, by calendar month (UTC) like Stripe: 31 January + 1 month is 28/29 February. */
export function addInterval(at: Date, interval: MembershipInterval): Date {
  const months = interval === 'year' ? 12 : 1;
  const next = new Date(at.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}

/** The tier's current price for an interval, or null when the tier is not offered that way. */
export function tierPrice(tier: Pick<MembershipTierRow, 'monthlyPriceCents' | 'yearlyPriceCents'>, interval: MembershipInterval): number | null {
  return interval === 'year' ? tier.yearlyPriceCents : tier.monthlyPriceCents;
}
