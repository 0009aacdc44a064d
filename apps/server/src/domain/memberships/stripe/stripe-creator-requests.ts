// Exports stripeCreatorRequests: the creator's cancel and refund of a Stripe member, asked of the connected account.
import { AppError, MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import type { Executor } from '#src/db/executor.ts';
import type { MembershipInvoiceRow, MembershipRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { membershipBilling } from './stripe-membership-checkout.ts';
import { linkOf } from './stripe-member-requests.ts';

/** The refund's metadata key its `refund.*` webhook finds the charge by (apply-stripe-refund.ts). */
export const REFUND_INVOICE_METADATA = 'membershipInvoiceId';

/**
 * The creator's requests for a Stripe member go to the subscription on the store's connected
 * account; nothing changes here until Stripe's webhook arrives (decision 041): a cancel "now"
 * ends it with `customer.subscription.deleted`, at the period end with `customer.subscription.updated`,
 * and a refund marks the charge refunded with `refund.created`/`refund.updated`. The idempotency
 * keys make a second ask before the webhook the same call (one cancel, one refund).
 */
export function stripeCreatorRequests(env: Pick<Env, 'payments'>) {
  return {
    async cancel(db: Executor, membership: MembershipRow, when: 'period_end' | 'now'): Promise<void> {
      const billing = membershipBilling(env);
      const link = await linkOf(db, membership);
      const key = `mcc_${membership.id}_${when}_${membership.lastEventAt.getTime()}`;
      if (when === 'now') await billing.cancelSubscription(link.accountId, link.subscriptionId, key);
      else await billing.updateSubscription(link.accountId, link.subscriptionId, { cancel_at_period_end: true }, key);
    },
    async refund(db: Executor, membership: MembershipRow, invoice: MembershipInvoiceRow): Promise<void> {
      const billing = membershipBilling(env);
      const link = await linkOf(db, membership);
      const refunded = await billing.refundInvoice(link.accountId, invoice.providerInvoiceId, { [REFUND_INVOICE_METADATA]: invoice.id, membershipId: membership.id }, `mrf_${invoice.id}`);
      if (!refunded) throw new AppError('failed-precondition', M.nothingToRefund);
    },
  };
}
