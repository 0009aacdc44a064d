// Exports the durable job that moves a Stripe member's subscription item to the price they were told of, when the notice ends.
import { and, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { memberships, membershipTiers, products } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { enqueueJob } from '#src/jobs/enqueue-job.ts';
import { PermanentJobError, type JobHandler } from '#src/jobs/types.ts';
import { ensureStripePrice, membershipBilling } from './stripe-membership-checkout.ts';
import { linkOf } from './stripe-member-requests.ts';

export const STRIPE_PRICE_MOVE_KIND = 'membership-stripe-price-move';

export interface StripePriceMove {
  membershipId: string;
  /** The price the member was told of. */
  priceCents: number;
  /** The notice's end (ISO): the job runs then, and only for the move that is still scheduled. */
  from: string;
}

const isMove = (value: unknown): value is StripePriceMove => {
  const payload = value as Partial<StripePriceMove> | null;
  return typeof payload?.membershipId === 'string' && Number.isInteger(payload.priceCents) && typeof payload.from === 'string';
};

/** Queues the move for the notice's end; the same membership and date twice is one job. */
export async function queueStripePriceMove(tx: Executor, move: StripePriceMove): Promise<void> {
  await enqueueJob(tx, STRIPE_PRICE_MOVE_KIND, move, { idempotencyKey: `${move.membershipId}:${move.from}`, runAt: new Date(move.from) });
}

export function createStripePriceMoveJob(options: { db: Database; env: Pick<Env, 'payments'> }): JobHandler {
  return {
    kind: STRIPE_PRICE_MOVE_KIND,
    async run(job, ctx) {
      if (!isMove(job.payload)) throw new PermanentJobError('membership-stripe-price-move: bad payload');
      const result = await moveStripeMemberPrice(options, job.payload);
      if (result !== 'sent') ctx.log.info({ membershipId: job.payload.membershipId, result }, 'Stripe price move not sent');
    },
  };
}

/**
 * At the notice's end, the subscription item on the connected account moves to a Price of the
 * told amount with `proration_behavior: 'none'`: nothing is charged now, and the next invoice
 * Stripe makes (the first renewal on or after the notice's end) bills it. The membership keeps its
 * price until Stripe's `customer.subscription.updated` shows the item's new Price
 * (subscription-changes.ts: `price_changed`), which also clears the schedule. A move replaced or
 * cancelled since, an ended membership, or a link already showing that Price sends nothing; the
 * idempotency key is the membership and the notice's end, so a job retried before the webhook
 * (a crash after the call) is the same call, and setting the same Price again prorates nothing.
 */
export async function moveStripeMemberPrice(deps: { db: Database; env: Pick<Env, 'payments'> }, move: StripePriceMove): Promise<'sent' | 'stale' | 'already'> {
  const [membership] = await deps.db.select().from(memberships).where(eq(memberships.id, move.membershipId));
  if (!membership || membership.provider !== 'stripe' || membership.status === 'ended') return 'stale';
  if (membership.nextPriceCents !== move.priceCents || membership.nextPriceFrom?.toISOString() !== move.from) return 'stale';
  const [found] = await deps.db
    .select({ tier: membershipTiers, title: products.title })
    .from(membershipTiers)
    .innerJoin(products, eq(products.id, membershipTiers.productId))
    .where(and(eq(membershipTiers.id, membership.tierId), eq(membershipTiers.storeId, membership.storeId)));
  const link = await linkOf(deps.db, membership);
  if (!found || !link.itemId) throw new PermanentJobError(`membership ${membership.id} has no tier or subscription item`);
  const billing = membershipBilling(deps.env);
  const priceId = await ensureStripePrice(deps.db, billing, { accountId: link.accountId, tier: found.tier, productTitle: found.title, interval: membership.interval, amountCents: move.priceCents });
  if (link.priceId === priceId) return 'already';
  await billing.updateSubscription(
    link.accountId,
    link.subscriptionId,
    { items: [{ id: link.itemId, price: priceId }], proration_behavior: 'none' },
    `mpm_${membership.id}_${new Date(move.from).getTime()}`,
  );
  return 'sent';
}
