import { AppError, CARD_MESSAGES, type MembershipChangePreview, type MyMembership } from '@shopfront/core';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { membershipInvoices, memberships, membershipTiers, type MembershipRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { MEMBERSHIP_MESSAGES as M } from '../membership-messages.ts';
import { tierPrice } from '../membership-rules.ts';
import { recordMembershipEvent } from '../record-membership-event.ts';
import { askStripe } from '../stripe/stripe-member-requests.ts';
import { getMyMembership, periodEndOf, providerNow, type MyMembershipKey } from './get-my-membership.ts';
import { prorateTierChange } from './membership-proration.ts';
import { SELF_SERVICE_MESSAGES as S } from './self-service-messages.ts';
import { toMyMemberships } from './to-my-memberships.ts';

type Deps = { db: Database; now: Date; env?: Pick<Env, 'payments'> };
type ChangeInput = MyMembershipKey & { tierId: string };

/** What moving to `tierId` now would credit and charge, on the membership's clock. Changes nothing. */
export async function previewMembershipChange(deps: Deps, input: ChangeInput): Promise<MembershipChangePreview> {
  return deps.db.transaction(async (tx) => (await planChange(tx, deps.now, input, { lock: false })).preview);
}

/**
 * Moves the membership to another tier of its product now, under its lock: the proration is
 * charged (the card on file must pay, or nothing changes) or credited once, as one invoice row,
 * and the `tier_changed` event moves the tier and the price; the period end stays.
 */
export async function changeMyMembershipTier(deps: Deps, input: ChangeInput): Promise<{ membership: MyMembership; preview: MembershipChangePreview }> {
  return deps.db.transaction(async (tx) => {
    const { membership, preview, clockNow } = await planChange(tx, deps.now, input, { lock: true });
    if (membership.provider === 'stripe') {
      // Stripe prorates and invoices; the tier moves when its subscription update arrives.
      await askStripe({ db: tx, env: deps.env, now: deps.now }, membership, { type: 'tier_changed', tierId: input.tierId, priceCents: preview.priceCents });
      const [view] = await toMyMemberships(tx, [membership], clockNow, deps.now);
      return { membership: view!, preview };
    }
    if (preview.netCents > 0 && membership.testCard !== 'pays') throw new AppError('failed-precondition', CARD_MESSAGES.declined);
    if (preview.netCents !== 0) {
      // One row per change: `attempt` counts this membership's prorations, so two changes at one instant stay two.
      const [prior] = await tx.select({ n: count() }).from(membershipInvoices).where(and(eq(membershipInvoices.membershipId, membership.id), eq(membershipInvoices.kind, 'proration')));
      await tx.insert(membershipInvoices).values({
        id: newId('min'),
        membershipId: membership.id,
        storeId: membership.storeId,
        kind: 'proration',
        amountCents: preview.netCents,
        currency: membership.currency,
        status: 'paid',
        periodStart: clockNow,
        periodEnd: membership.currentPeriodEnd,
        attempt: prior?.n ?? 0,
        providerInvoiceId: newId('testin'),
        createdAt: clockNow,
      });
    }
    const recorded = await recordMembershipEvent(
      tx,
      {
        provider: membership.provider,
        eventId: `testevt_${membership.id}_tier_changed_${newId('req')}`,
        providerSubscriptionId: membership.providerSubscriptionId,
        createdAt: clockNow,
        type: 'tier_changed',
        tierId: input.tierId,
        priceCents: preview.priceCents,
      },
      deps.now,
    );
    if (recorded.outcome !== 'applied' || !recorded.membership) throw new AppError('failed-precondition', S.notChangeable);
    const [view] = await toMyMemberships(tx, [recorded.membership], clockNow, deps.now);
    return { membership: view!, preview };
  });
}

async function planChange(tx: Executor, now: Date, input: ChangeInput, options: { lock: boolean }) {
  const membership = await getMyMembership(tx, input, options);
  const clockNow = await providerNow(tx, membership, now);
  const changeable = (membership.status === 'active' || membership.status === 'trialing') && !membership.cancelAtPeriodEnd && clockNow < periodEndOf(membership);
  if (!changeable) throw new AppError('failed-precondition', S.notChangeable);
  const [tier] = await tx
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.id, input.tierId), eq(membershipTiers.storeId, input.storeId), eq(membershipTiers.productId, membership.productId), isNull(membershipTiers.archivedAt)));
  if (!tier) throw new AppError('not-found', M.tierNotFound);
  if (tier.id === membership.tierId) throw new AppError('failed-precondition', S.sameTier);
  const priceCents = tierPrice(tier, membership.interval);
  if (priceCents === null) throw new AppError('invalid-argument', membership.interval === 'year' ? M.noYearlyPrice : M.noMonthlyPrice);
  if (tier.memberLimit !== null) {
    const [row] = await tx.select({ n: count() }).from(memberships).where(and(eq(memberships.tierId, tier.id), ne(memberships.status, 'ended')));
    if ((row?.n ?? 0) >= tier.memberLimit) throw new AppError('failed-precondition', M.tierFull);
  }
  const proration = prorateTierChange({
    oldPriceCents: membership.priceCents,
    newPriceCents: priceCents,
    periodStart: membership.currentPeriodStart,
    periodEnd: membership.currentPeriodEnd,
    at: clockNow,
    trialing: membership.status === 'trialing',
  });
  const preview: MembershipChangePreview = {
    tier: { id: tier.id, name: tier.name },
    interval: membership.interval === 'year' ? 'yearly' : 'monthly',
    priceCents,
    currency: tier.currency,
    ...proration,
    currentPeriodEnd: membership.currentPeriodEnd.toISOString(),
    at: clockNow.toISOString(),
  };
  return { membership: membership satisfies MembershipRow, preview, clockNow };
}
