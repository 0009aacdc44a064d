// Exports renewalUpcoming: Stripe's `invoice.upcoming` of a yearly member becomes the upcoming-renewal email.
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import type { MembershipEventOutcome } from '../record-membership-event.ts';
import { MEMBERSHIP_NOTICE_KIND, type MembershipNotice } from '../self-service/queue-membership-notices.ts';
import type { UpcomingInvoiceSnapshot } from './read-stripe-objects.ts';
import { findLink, membershipOf, type StripeEventContext } from './stripe-subscription-link.ts';

/**
 * `invoice.upcoming` (Stripe sends it ahead of a renewal, as the test provider queues its own 7
 * days before): the same `renewal-upcoming` notice, under the same rules: a yearly membership,
 * active and renewing (none when cancelled at the period end or paused), at the period end the
 * membership has. Keyed by that period end, so a replay or a second upcoming event of the same
 * renewal sends one email. Another account's subscription is ignored.
 */
export async function renewalUpcoming(ctx: StripeEventContext, upcoming: UpcomingInvoiceSnapshot): Promise<MembershipEventOutcome> {
  const link = await findLink(ctx, upcoming.subscriptionId);
  if (!link || link === 'foreign') return 'ignored';
  const membership = await membershipOf(ctx, link);
  if (!membership || membership.interval !== 'year' || membership.status !== 'active' || membership.cancelAtPeriodEnd) return 'ignored';
  // A preview of another renewal than the membership's next one (its period moved since) is old news.
  if (upcoming.renewsAt && upcoming.renewsAt.getTime() !== membership.currentPeriodEnd.getTime()) return 'stale';
  const periodEnd = membership.currentPeriodEnd.toISOString();
  const eventKey = `stripe:renewal_upcoming_${membership.currentPeriodEnd.getTime()}`;
  const notice: MembershipNotice = { membershipId: membership.id, notice: 'renewal-upcoming', eventKey, periodEnd };
  await enqueueJob(ctx.tx, MEMBERSHIP_NOTICE_KIND, notice, { idempotencyKey: `${membership.id}:${eventKey}` });
  return 'applied';
}
