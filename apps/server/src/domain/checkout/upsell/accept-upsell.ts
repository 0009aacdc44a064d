import { AppError, UPSELL_MESSAGES, type ThankYouUpsell } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { newId } from '#src/db/ids.ts';
import { checkoutUpsells, checkouts, orders, products, type CheckoutRow, type CheckoutUpsellRow } from '#src/db/schema/index.ts';
import type { Env } from '#src/env.ts';
import { fulfilPayment } from '../fulfil-payment.ts';
import { chargeUpsell } from './charge-upsell.ts';
import { downsellStep, upsellStep, type OfferStep } from './offer-steps.ts';
import { upsellOpen, upsellView } from './upsell-view.ts';

interface Deps {
  db: Database;
  env: Env;
  now: Date;
  log?: FastifyBaseLogger;
}

/**
 * acceptUpsell (decision 045). The offer row is locked for the whole charge, so a double click
 * waits and then answers the first click's outcome: one charge, one second order. The upsell has
 * its own checkout and order (made by fulfilPayment from the charge, with its receipt, grants and
 * downloads); nothing here writes the first checkout or its order, so a decline leaves them as
 * they were. A provider outage rolls the lock back and the offer stays open.
 */
export const acceptUpsell = (deps: Deps, input: { checkoutId: string; productId: string }): Promise<ThankYouUpsell> => acceptOffer(deps, input, upsellStep);

/**
 * acceptDownsell: the same one click for the offer made instead, only once the upsell was declined,
 * with its own checkout, charge and idempotency key (`downsell_<first checkout>`), under the same
 * lock, window and "first order still paid" rule.
 */
export const acceptDownsell = (deps: Deps, input: { checkoutId: string; productId: string }): Promise<ThankYouUpsell> => acceptOffer(deps, input, downsellStep);

async function acceptOffer(deps: Deps, input: { checkoutId: string; productId: string }, step: OfferStep): Promise<ThankYouUpsell> {
  const { db, now } = deps;
  const first = await loadOffer(db, input.checkoutId);
  const offer = first ? step.read(first.offer) : null;
  if (!first || !offer || offer.productId !== input.productId || first.orderStatus === null) throw new AppError('not-found', UPSELL_MESSAGES.offerNotFound);
  const notYet = step.notYet(first.offer);
  if (notYet) throw notYet;
  if (offer.status === 'offered') {
    if (!upsellOpen(first.offer, now) || first.orderStatus !== 'paid') throw new AppError('failed-precondition', UPSELL_MESSAGES.offerEnded);
    const [product] = await db.select().from(products).where(and(eq(products.id, offer.productId), eq(products.status, 'published')));
    if (!product) throw new AppError('failed-precondition', UPSELL_MESSAGES.offerEnded);
    const offerCheckout = await ensureOfferCheckout(db, { first: first.checkout, offer, idempotencyKey: step.key(first.checkout.id), now });
    await db.transaction(async (tx) => {
      const [locked] = await tx.select().from(checkoutUpsells).where(eq(checkoutUpsells.checkoutId, input.checkoutId)).for('update');
      if (!locked || step.notYet(locked) || step.read(locked)?.status !== 'offered') return;
      const charge = await chargeUpsell({ db: tx, env: deps.env, ...(deps.log ? { log: deps.log } : {}) }, { offer: locked, checkout: offerCheckout });
      if (charge.kind === 'declined') {
        await tx.update(checkoutUpsells).set(step.decided({ status: 'failed', message: charge.message }, now)).where(eq(checkoutUpsells.checkoutId, locked.checkoutId));
        return;
      }
      // The same internal payment event as every other order; its id makes a retry one order.
      await fulfilPayment(
        db,
        deps.env,
        {
          eventId: offerCheckout.idempotencyKey,
          provider: offerCheckout.provider === 'stripe' ? 'stripe' : 'test',
          checkoutId: offerCheckout.id,
          providerPaymentId: charge.providerPaymentId,
          amountCents: offerCheckout.amountCents,
          currency: offerCheckout.currency,
        },
        now,
        deps.log,
      );
      await tx.update(checkoutUpsells).set(step.decided({ status: 'accepted', checkoutId: offerCheckout.id }, now)).where(eq(checkoutUpsells.checkoutId, locked.checkoutId));
    });
  }
  const view = await upsellView(db, input.checkoutId, now);
  if (!view) throw new AppError('not-found', UPSELL_MESSAGES.offerNotFound);
  const answered = step === downsellStep ? view.downsell : view;
  if (answered?.status === 'declined') throw new AppError('failed-precondition', UPSELL_MESSAGES.offerDeclined);
  return view;
}

async function loadOffer(db: Database, checkoutId: string): Promise<{ offer: CheckoutUpsellRow; checkout: CheckoutRow; orderStatus: string | null } | null> {
  const [row] = await db
    .select({ offer: checkoutUpsells, checkout: checkouts, orderStatus: orders.status })
    .from(checkoutUpsells)
    .innerJoin(checkouts, eq(checkouts.id, checkoutUpsells.checkoutId))
    .leftJoin(orders, eq(orders.checkoutId, checkouts.id))
    .where(and(eq(checkoutUpsells.checkoutId, checkoutId), eq(checkouts.status, 'completed')))
    .limit(1);
  return row ?? null;
}

/**
 * The upsell's (or downsell's) own checkout: the buyer, the payment route and the affiliate referral
 * of the first, the offered product at the special price. Once per first checkout and step (its
 * idempotency key), committed before the charge so the payment event finds it. Fulfilment checks
 * the referral again as for any sale (program on, affiliate active, within the window of the
 * original referral, not the buyer), so a referred buyer's upsell credits the affiliate like any order.
 */
async function ensureOfferCheckout(
  db: Database,
  options: { first: CheckoutRow; offer: { productId: string; priceCents: number }; idempotencyKey: string; now: Date },
): Promise<CheckoutRow> {
  const { first, offer, idempotencyKey, now } = options;
  await db
    .insert(checkouts)
    .values({
      id: newId('chk'),
      storeId: first.storeId,
      productId: offer.productId,
      idempotencyKey,
      email: first.email,
      name: first.name,
      amountCents: offer.priceCents,
      currency: first.currency,
      provider: first.provider,
      providerAccountId: first.providerAccountId,
      expiresAt: new Date(now.getTime() + 60 * 60_000),
      analyticsVisitor: first.analyticsVisitor,
      analyticsVisitDay: first.analyticsVisitDay,
      affiliateId: first.affiliateId,
      referralCode: first.referralCode,
      referredAt: first.referredAt,
      referralFingerprint: first.referralFingerprint,
      createdAt: now,
    })
    .onConflictDoNothing({ target: [checkouts.storeId, checkouts.idempotencyKey] });
  const [row] = await db.select().from(checkouts).where(and(eq(checkouts.storeId, first.storeId), eq(checkouts.idempotencyKey, idempotencyKey)));
  if (!row) throw new Error('upsell checkout vanished after insert');
  return row;
}
