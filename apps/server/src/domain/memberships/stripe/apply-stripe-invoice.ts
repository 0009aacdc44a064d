// Exports invoiceEvent: a member's Stripe invoice (paid or failed) as a charge row and a membership event.
import { and, count, eq } from 'drizzle-orm';
import { newId } from '#src/db/ids.ts';
import { membershipInvoices, type MembershipRow } from '#src/db/schema/index.ts';
import type { MembershipEventOutcome } from '../record-membership-event.ts';
import type { InvoiceSnapshot } from './read-stripe-objects.ts';
import { emitMembershipEvent, findLink, membershipOf, type StripeEventContext } from './stripe-subscription-link.ts';

/**
 * `invoice.paid` / `invoice.payment_failed` of a member's subscription. Each is booked as one
 * `membership_invoices` row (unique per period and attempt, so it is booked once) and, for a
 * period's charge, becomes the membership's payment event:
 *  - paid: `renewed` for a period later than the current one (the trial's end included),
 *    `recovered` while past due; the first charge (`subscription_create`) is the welcome's, and a
 *    tier change's proration invoice (`subscription_update`) is only booked;
 *  - failed: `payment_failed`, with access until Smart Retries try again (`next_payment_attempt`),
 *    or until now after the last attempt (Stripe then cancels the subscription, which ends it).
 * They are ordered by the period they bill, not by arrival: an invoice for a period the
 * membership already has (paid), or an older failed attempt, changes nothing.
 */
export async function invoiceEvent(ctx: StripeEventContext, invoice: InvoiceSnapshot, paid: boolean): Promise<MembershipEventOutcome> {
  const link = await findLink(ctx, invoice.subscriptionId);
  if (!link || link === 'foreign') return 'ignored';
  const membership = await membershipOf(ctx, link);
  if (!membership || membership.status === 'ended') return 'ignored';
  const reason = invoice.billingReason;

  if (reason === 'subscription_update') {
    if (!paid || invoice.amountCents === 0) return 'ignored';
    const [prior] = await ctx.tx.select({ n: count() }).from(membershipInvoices).where(and(eq(membershipInvoices.membershipId, membership.id), eq(membershipInvoices.kind, 'proration')));
    await book(ctx, membership, invoice, { kind: 'proration', status: 'paid', periodStart: ctx.createdAt, periodEnd: membership.currentPeriodEnd, attempt: prior?.n ?? 0 });
    return 'applied';
  }
  if (!invoice.periodStart || !invoice.periodEnd) return 'ignored';
  const period = { periodStart: invoice.periodStart, periodEnd: invoice.periodEnd };
  const attempt = Math.max(0, invoice.attemptCount - 1);

  if (reason === 'subscription_create') {
    // The first invoice: nothing to charge during a trial (unless a setup fee), a failure stays in Stripe's checkout.
    if (!paid || invoice.amountCents === 0) return 'ignored';
    await book(ctx, membership, invoice, { kind: 'period', status: 'paid', ...period, attempt });
    return 'applied';
  }

  // A period the membership already has is paid: a late failure or a second payment of it is old news.
  if (invoice.periodEnd <= membership.currentPeriodEnd) return 'stale';
  const pastDue = membership.status === 'past_due';
  if (!paid) {
    if (pastDue && invoice.attemptCount <= membership.failedAttempts) return 'stale';
    await book(ctx, membership, invoice, { kind: 'period', status: 'failed', ...period, attempt });
    const graceUntil = invoice.nextPaymentAttempt ?? ctx.createdAt;
    return (await emitMembershipEvent(ctx, link.subscriptionId, { type: 'payment_failed', attempt: invoice.attemptCount, graceUntil }, membership)).outcome;
  }
  // The row first: the receipt email finds the charge by its period.
  await book(ctx, membership, invoice, { kind: 'period', status: 'paid', ...period, attempt });
  return (await emitMembershipEvent(ctx, link.subscriptionId, { type: pastDue ? 'recovered' : 'renewed', ...period }, membership)).outcome;
}

async function book(
  ctx: StripeEventContext,
  membership: MembershipRow,
  invoice: InvoiceSnapshot,
  row: { kind: 'period' | 'proration'; status: 'paid' | 'failed'; periodStart: Date; periodEnd: Date; attempt: number },
): Promise<void> {
  await ctx.tx
    .insert(membershipInvoices)
    .values({ id: newId('min'), membershipId: membership.id, storeId: membership.storeId, amountCents: invoice.amountCents, currency: membership.currency, providerInvoiceId: invoice.id, createdAt: ctx.createdAt, ...row })
    .onConflictDoNothing();
}
