// Exports refundSucceeded and isMembershipRefund: a refund of a member's charge, confirmed by Stripe's `refund.*` webhook.
import { and, eq } from 'drizzle-orm';
import { membershipInvoices, memberships, membershipStripeSubscriptions } from '#src/db/schema/index.ts';
import type { MembershipEventOutcome } from '../record-membership-event.ts';
import { REFUND_INVOICE_METADATA } from './stripe-creator-requests.ts';
import type { StripeEventContext } from './stripe-subscription-link.ts';

type Loose = Record<string, unknown>;
const obj = (value: unknown): Loose => (value && typeof value === 'object' ? (value as Loose) : {});

/** The member's charge a refund names (the creator's refund puts it in the refund's metadata). */
export function refundedInvoiceId(refund: Loose): string | null {
  const id = obj(refund.metadata)[REFUND_INVOICE_METADATA];
  return typeof id === 'string' && id !== '' ? id : null;
}

/**
 * `refund.created` / `refund.updated` of a refund the creator asked for: once Stripe says it
 * succeeded, the charge is refunded (it leaves the member's lifetime value). Only a charge of a
 * Stripe membership whose subscription lives on the event's account; a charge already refunded
 * (a replay, or both events) changes nothing.
 */
export async function refundSucceeded(ctx: StripeEventContext, refund: Loose): Promise<MembershipEventOutcome> {
  const invoiceId = refundedInvoiceId(refund);
  if (!invoiceId || refund.status !== 'succeeded') return 'ignored';
  const [found] = await ctx.tx
    .select({ invoice: membershipInvoices })
    .from(membershipInvoices)
    .innerJoin(memberships, eq(memberships.id, membershipInvoices.membershipId))
    .innerJoin(
      membershipStripeSubscriptions,
      and(eq(membershipStripeSubscriptions.subscriptionId, memberships.providerSubscriptionId), eq(membershipStripeSubscriptions.storeId, memberships.storeId)),
    )
    .where(and(eq(membershipInvoices.id, invoiceId), eq(memberships.provider, 'stripe'), eq(membershipStripeSubscriptions.accountId, ctx.account)))
    .for('update', { of: membershipInvoices });
  if (!found) return 'ignored';
  if (found.invoice.refundedAt) return 'stale';
  await ctx.tx.update(membershipInvoices).set({ refundedAt: ctx.createdAt }).where(eq(membershipInvoices.id, invoiceId));
  return 'applied';
}
