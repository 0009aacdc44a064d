import { AppError, MEMBERSHIP_MESSAGES as M, type Member } from '@shopfront/core';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Env } from '#src/env.ts';
import { membershipInvoices } from '#src/db/schema/index.ts';
import { creatorMembershipProvider } from './creator-membership-provider.ts';
import { lockOwnedMember, memberView } from './owned-member.ts';

/**
 * refundMemberLastPayment: the member's newest paid charge (a period's, or a tier change's; never
 * a proration credit), refunded in full once (a second ask is refused, never a refund of an older
 * charge). The membership's state does not change: cancel
 * is its own action. Under the membership's lock, so a renewal charging now waits.
 */
export async function refundMemberLastPayment(
  deps: { db: Database; now: Date; env: Pick<Env, 'payments'> },
  input: { userId: string; storeId: string; membershipId: string },
): Promise<{ member: Member; refund: { invoiceId: string; amountCents: number; currency: string } }> {
  return deps.db.transaction(async (tx) => {
    const membership = await lockOwnedMember(tx, input);
    const [invoice] = await tx
      .select()
      .from(membershipInvoices)
      .where(and(eq(membershipInvoices.membershipId, membership.id), eq(membershipInvoices.status, 'paid'), gt(membershipInvoices.amountCents, 0)))
      .orderBy(desc(membershipInvoices.createdAt), desc(membershipInvoices.periodStart), desc(membershipInvoices.attempt))
      .limit(1);
    if (!invoice) throw new AppError('failed-precondition', M.nothingToRefund);
    if (invoice.refundedAt) throw new AppError('failed-precondition', M.alreadyRefunded);
    await creatorMembershipProvider(membership, deps.env).refund(tx, membership, invoice, deps.now);
    return { member: await memberView(tx, membership.id), refund: { invoiceId: invoice.id, amountCents: invoice.amountCents, currency: invoice.currency } };
  });
}
