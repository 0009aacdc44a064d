import { formatMoney, membersUrl } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import type { Executor } from '#src/db/executor.ts';
import { customers, membershipInvoices, memberships, membershipTiers, products, stores } from '#src/db/schema/index.ts';
import { membershipEmail, type MembershipEmailParams } from '#src/providers/email/templates/membership-notices.ts';
import type { EmailMessage } from '#src/providers/email/types.ts';
import { addInterval } from '../membership-rules.ts';
import { periodEndOf } from './get-my-membership.ts';
import type { MembershipNotice } from './queue-membership-notices.ts';

type Notice = MembershipEmailParams extends infer P ? (P extends { notice: infer N } ? Omit<Extract<MembershipEmailParams, { notice: N }>, keyof Base> : never) : never;
type Base = Omit<Extract<MembershipEmailParams, { notice: 'cancelled' }>, 'notice' | 'endsText'>;

/**
 * The email a notice sends, rendered from the membership as it is now, in the store's name and
 * time zone; null when it no longer applies (a cancellation undone before it went out, a trial
 * that is no longer ending, a receipt whose invoice is not there).
 */
export async function membershipNoticeEmail(db: Executor, publicUrl: string, notice: MembershipNotice): Promise<EmailMessage | null> {
  const [found] = await db
    .select({ membership: memberships, tierName: membershipTiers.name, productTitle: products.title, store: stores, customer: customers })
    .from(memberships)
    .innerJoin(membershipTiers, eq(membershipTiers.id, memberships.tierId))
    .innerJoin(products, eq(products.id, memberships.productId))
    .innerJoin(stores, eq(stores.id, memberships.storeId))
    .innerJoin(customers, eq(customers.id, memberships.customerId))
    .where(eq(memberships.id, notice.membershipId));
  if (!found) return null;
  const { membership, store, customer } = found;
  const date = (at: Date | string) => new Intl.DateTimeFormat('en', { dateStyle: 'long', timeZone: store.timeZone }).format(new Date(at));
  const money = (cents: number) => formatMoney(cents, membership.currency, { locale: 'en' });
  const priceText = `${money(membership.priceCents)} / ${membership.interval}`;
  const invoices = (where: ReturnType<typeof and>) => db.select().from(membershipInvoices).where(where).orderBy(desc(membershipInvoices.createdAt), desc(membershipInvoices.attempt)).limit(1);
  const ofMembership = eq(membershipInvoices.membershipId, membership.id);

  let params: Notice | null = null;
  switch (notice.notice) {
    case 'welcome': {
      const [paid] = await invoices(and(ofMembership, eq(membershipInvoices.kind, 'period'), eq(membershipInvoices.status, 'paid')));
      params = {
        notice: 'welcome',
        priceText,
        trialEndText: membership.trialEnd ? date(membership.trialEnd) : null,
        paidText: paid ? money(paid.amountCents) : null,
        nextChargeText: date(periodEndOf(membership)),
      };
      break;
    }
    case 'receipt': {
      if (!notice.periodStart) return null;
      const [paid] = await invoices(and(ofMembership, eq(membershipInvoices.kind, 'period'), eq(membershipInvoices.status, 'paid'), eq(membershipInvoices.periodStart, new Date(notice.periodStart))));
      if (!paid) return null;
      params = { notice: 'receipt', amountText: money(paid.amountCents), periodText: `${date(paid.periodStart)} – ${date(paid.periodEnd)}`, nextChargeText: date(paid.periodEnd), invoiceId: paid.id };
      break;
    }
    case 'payment-failed': {
      const [failed] = await invoices(and(ofMembership, eq(membershipInvoices.status, 'failed')));
      params = { notice: 'payment-failed', amountText: money(failed?.amountCents ?? membership.priceCents), accessUntilText: date(notice.graceUntil ?? membership.currentPeriodEnd) };
      break;
    }
    case 'cancelled':
      if (!membership.cancelAtPeriodEnd) return null;
      params = { notice: 'cancelled', endsText: date(periodEndOf(membership)) };
      break;
    case 'paused':
      if (membership.status !== 'paused') return null;
      params = { notice: 'paused', keptText: keptTime(membership) };
      break;
    case 'resumed':
      if (membership.status !== 'active' || membership.cancelAtPeriodEnd) return null;
      params = { notice: 'resumed', nextChargeText: date(membership.currentPeriodEnd), priceText };
      break;
    case 'trial-ending':
      if (membership.status !== 'trialing' || membership.cancelAtPeriodEnd || !membership.trialEnd) return null;
      params = { notice: 'trial-ending', trialEndText: date(membership.trialEnd), priceText };
      break;
    case 'renewal-upcoming':
      if (membership.status !== 'active' || membership.cancelAtPeriodEnd || membership.currentPeriodEnd.toISOString() !== notice.periodEnd) return null;
      params = { notice: 'renewal-upcoming', renewsText: date(membership.currentPeriodEnd), priceText };
      break;
    case 'price-change': {
      const from = membership.nextPriceFrom;
      if (membership.status === 'ended' || membership.nextPriceCents === null || !from || from.toISOString() !== notice.priceFrom) return null;
      params = { notice: 'price-change', oldPriceText: priceText, newPriceText: `${money(membership.nextPriceCents)} / ${membership.interval}`, effectiveText: date(firstRenewalFrom(membership, from)) };
      break;
    }
  }
  const rendered = membershipEmail({
    ...params,
    productName: store.name,
    memberName: customer.name,
    membershipTitle: `${found.productTitle} — ${found.tierName}`,
    membersUrl: membersUrl(store, { origin: publicUrl, page: 'login' }),
  } as MembershipEmailParams);
  return { to: customer.email, ...rendered, tags: [`membership-${notice.notice}`] };
}

/** The paid time a pause keeps ("12 days"): from the pause to the period end it had then. */
function keptTime(membership: { pausedAt: Date | null; currentPeriodEnd: Date }): string {
  const ms = membership.currentPeriodEnd.getTime() - (membership.pausedAt ?? membership.currentPeriodEnd).getTime();
  const days = Math.round(ms / (24 * 60 * 60 * 1000));
  return days < 1 ? 'less than a day' : days === 1 ? '1 day' : `${days} days`;
}

/** The member's first renewal due at or after `from`: when a scheduled price move takes effect. */
function firstRenewalFrom(membership: Parameters<typeof periodEndOf>[0] & { interval: 'month' | 'year' }, from: Date): Date {
  let at = periodEndOf(membership);
  while (at < from) at = addInterval(at, membership.interval);
  return at;
}
