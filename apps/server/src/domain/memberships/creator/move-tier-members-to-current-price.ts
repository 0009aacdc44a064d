import { AppError, MEMBERSHIP_LIMITS, MEMBERSHIP_MESSAGES as M } from '@shopfront/core';
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { memberships } from '#src/db/schema/index.ts';
import { testClockNow } from '#src/domain/test-clock/read-test-clock.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { MEMBERSHIP_NOTICE_KIND, type MembershipNotice } from '../self-service/queue-membership-notices.ts';
import { queueStripePriceMove } from '../stripe/stripe-price-move-job.ts';
import { getOwnedTier } from './owned-membership.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

export interface PriceMoveResult {
  scheduled: number;
  alreadyScheduled: number;
  /** Of the members moving (scheduled now or before), those billed on Stripe. */
  stripeMembers: number;
  noticeEndsAt: string;
}

/**
 * Prices change for new members only (set-tier-prices.ts); this is the creator's choice to move a
 * tier's existing members to its current price, with notice (docs/memberships.md "Moving members
 * to a new price"). Under the tier's lock: each live test-provider member whose price differs
 * from the tier's for their interval gets `next_price_cents` and `next_price_from` (the notice's
 * end, MEMBERSHIP_LIMITS.priceMoveNoticeDays on the store's test clock) and one notice email
 * (a durable job keyed by the membership and that date: asking again sends nothing more). The
 * renewal charge applies it (charge-test-membership.ts). A Stripe member gets the same schedule and
 * email, and a durable job at the notice's end moves their subscription item to the new Price
 * (stripe/stripe-price-move-job.ts); their price here changes when Stripe's webhook shows it. A
 * member already on the price loses any stale schedule; one already scheduled for it keeps the
 * date they were told.
 */
export async function moveTierMembersToCurrentPrice(
  deps: { db: Database; now: Date },
  input: { userId: string; storeId: string; tierId: string },
): Promise<PriceMoveResult> {
  return deps.db.transaction(async (tx) => {
    const { tier } = await getOwnedTier(tx, { userId: input.userId, storeId: input.storeId, tierId: input.tierId, lock: true });
    if (tier.archivedAt) throw new AppError('failed-precondition', M.tierArchived);
    const from = new Date((await testClockNow(tx, { storeId: tier.storeId, now: deps.now })).getTime() + MEMBERSHIP_LIMITS.priceMoveNoticeDays * DAY_MS);
    const rows = await tx
      .select()
      .from(memberships)
      .where(and(eq(memberships.tierId, tier.id), ne(memberships.status, 'ended')))
      .for('update');
    const result: PriceMoveResult = { scheduled: 0, alreadyScheduled: 0, stripeMembers: 0, noticeEndsAt: from.toISOString() };
    for (const row of rows) {
      const target = row.interval === 'year' ? tier.yearlyPriceCents : tier.monthlyPriceCents;
      const moves = target !== null && target !== row.priceCents;
      if (!moves) {
        if (row.nextPriceCents !== null) await tx.update(memberships).set({ nextPriceCents: null, nextPriceFrom: null }).where(eq(memberships.id, row.id));
        continue;
      }
      if (row.provider === 'stripe') result.stripeMembers += 1;
      if (row.nextPriceCents === target && row.nextPriceFrom) {
        result.alreadyScheduled += 1;
        continue;
      }
      await tx.update(memberships).set({ nextPriceCents: target, nextPriceFrom: from }).where(eq(memberships.id, row.id));
      const eventKey = `${row.provider}:price_move_${from.toISOString()}`;
      const notice: MembershipNotice = { membershipId: row.id, notice: 'price-change', eventKey, priceFrom: from.toISOString() };
      await enqueueJob(tx, MEMBERSHIP_NOTICE_KIND, notice, { idempotencyKey: `${row.id}:${eventKey}` });
      if (row.provider === 'stripe') await queueStripePriceMove(tx, { membershipId: row.id, priceCents: target, from: from.toISOString() });
      result.scheduled += 1;
    }
    return result;
  });
}
