import { AppError, CARD_MESSAGES, type CardFormInput } from '@shopfront/core';
import { randomBytes } from 'node:crypto';
import { and, count, eq, isNull, ne } from 'drizzle-orm';
import { notifyStorefrontChanged } from '#src/db/storefront-events.ts';
import type { Executor, Transaction } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { customers, membershipInvoices, memberships, membershipTiers, type MembershipInterval, type MembershipTierRow } from '#src/db/schema/index.ts';
import type { TestAuthentication } from '#src/domain/checkout/classify-test-card.ts';
import { readTestClockOffsetMs } from '#src/domain/test-clock/read-test-clock.ts';
import { attachTestCard, type TestCardAttachment } from './attach-test-card.ts';
import { MEMBERSHIP_MESSAGES as M } from './membership-messages.ts';
import { addDays, addInterval, tierPrice } from './membership-rules.ts';
import { recordMembershipEvent } from './record-membership-event.ts';
import { scheduleTestMembershipCharge } from './schedule-test-membership-charge.ts';

export interface StartTestMembershipInput {
  storeId: string;
  tierId: string;
  customerId: string;
  interval: MembershipInterval;
  card: CardFormInput;
  authentication?: TestAuthentication;
}

export type TestMembershipStart = { kind: 'started'; membershipId: string } | Exclude<TestCardAttachment, { kind: 'attached' }>;

/**
 * Joining a tier on the built-in test provider, on the store's test clock. The tier and the
 * customer must be the store's (another store's id answers like a missing one); the tier must
 * take the interval and have room. With a trial the card is saved and the membership is
 * trialing until the trial ends; without one the first period (and the setup fee) is charged now
 * and a declining card changes nothing. Either way the next charge is queued on the clock, and
 * the member keeps the price they joined at.
 */
export async function startTestMembership(deps: { db: Executor; now: Date }, input: StartTestMembershipInput): Promise<TestMembershipStart> {
  return deps.db.transaction(async (tx) => {
    const tier = await lockTier(tx, input);
    const priceCents = tierPrice(tier, input.interval);
    if (priceCents === null) throw new AppError('invalid-argument', input.interval === 'year' ? M.noYearlyPrice : M.noMonthlyPrice);
    await lockCustomer(tx, input);
    await assertRoom(tx, tier, input.customerId);

    const attachment = attachTestCard(input.card, deps.now, input.authentication);
    if (attachment.kind !== 'attached') return attachment;
    if (tier.trialDays === 0 && attachment.card !== 'pays') return { kind: 'refused', message: CARD_MESSAGES.declined };

    const offsetMs = await readTestClockOffsetMs(tx, tier.storeId);
    const clockNow = new Date(deps.now.getTime() + offsetMs);
    const trialEnd = tier.trialDays > 0 ? addDays(clockNow, tier.trialDays) : null;
    const periodEnd = trialEnd ?? addInterval(clockNow, input.interval);
    const providerSubscriptionId = `testsub_${randomBytes(12).toString('hex')}`;
    const { membership } = await recordMembershipEvent(
      tx,
      {
        provider: 'test',
        eventId: `testevt_${providerSubscriptionId}_created`,
        providerSubscriptionId,
        createdAt: clockNow,
        type: 'created',
        membership: {
          storeId: tier.storeId,
          productId: tier.productId,
          tierId: tier.id,
          customerId: input.customerId,
          status: trialEnd ? 'trialing' : 'active',
          interval: input.interval,
          priceCents,
          currency: tier.currency,
          setupFeeCents: tier.setupFeeCents,
          currentPeriodStart: clockNow,
          currentPeriodEnd: periodEnd,
          trialEnd,
        },
      },
      deps.now,
    );
    if (!membership) throw new Error('test membership was not created');
    await tx.update(memberships).set({ testCard: attachment.card }).where(eq(memberships.id, membership.id));
    if (!trialEnd) {
      await tx.insert(membershipInvoices).values({
        id: newId('min'),
        membershipId: membership.id,
        storeId: tier.storeId,
        amountCents: priceCents + tier.setupFeeCents,
        currency: tier.currency,
        status: 'paid',
        periodStart: clockNow,
        periodEnd,
        attempt: 0,
        providerInvoiceId: newId('testin'),
        createdAt: clockNow,
      });
    }
    await scheduleTestMembershipCharge(tx, { membershipId: membership.id, dueAt: periodEnd.toISOString(), attempt: 0 }, { storeId: tier.storeId, runAt: periodEnd });
    // A tier with a member limit may now be full: its product page (cached until the store
    // changes) must say so.
    if (tier.memberLimit !== null) await notifyStorefrontChanged(tx, tier.storeId);
    return { kind: 'started', membershipId: membership.id };
  });
}

async function lockTier(tx: Transaction, input: StartTestMembershipInput): Promise<MembershipTierRow> {
  const [tier] = await tx
    .select()
    .from(membershipTiers)
    .where(and(eq(membershipTiers.id, input.tierId), eq(membershipTiers.storeId, input.storeId), isNull(membershipTiers.archivedAt)))
    .for('update');
  if (!tier) throw new AppError('not-found', M.tierNotFound);
  return tier;
}

async function lockCustomer(tx: Transaction, input: StartTestMembershipInput): Promise<void> {
  const [customer] = await tx
    .select({ id: customers.id })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), eq(customers.storeId, input.storeId)))
    .for('update');
  if (!customer) throw new AppError('not-found', M.customerNotFound);
}

/** Under the tier's and the customer's locks: one live membership per product, and the tier's limit. */
async function assertRoom(tx: Transaction, tier: MembershipTierRow, customerId: string): Promise<void> {
  const live = ne(memberships.status, 'ended');
  const [existing] = await tx
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.productId, tier.productId), eq(memberships.customerId, customerId), live))
    .limit(1);
  if (existing) throw new AppError('already-exists', M.alreadyMember);
  if (tier.memberLimit === null) return;
  const [row] = await tx.select({ members: count() }).from(memberships).where(and(eq(memberships.tierId, tier.id), live));
  if ((row?.members ?? 0) >= tier.memberLimit) throw new AppError('failed-precondition', M.tierFull);
}
