import { AppError, BOOKING_LIMITS, COMMERCE_LIMITS, COMMERCE_MESSAGES, DISCOUNT_LIMITS, MESSAGES, PRODUCT_MESSAGES, productUrl, STORE_OFFLINE_MESSAGES, thankYouUrl } from '@shopfront/core';
import { and, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '#src/db/client.ts';
import type { Executor } from '#src/db/executor.ts';
import { newId } from '#src/db/ids.ts';
import { checkouts, discountRedemptions, orders, products, stores, type CheckoutRow, type ProductRow } from '#src/db/schema/index.ts';
import { platformFeePercent } from '#src/domain/billing/platform-fee-percent.ts';
import { applyDiscountCode } from '#src/domain/discounts/apply-discount-code.ts';
import { recordServerEvent, requestVisitor, type RequestVisitor } from '#src/domain/analytics/ingest/record-server-event.ts';
import { resolveCheckoutReferral, type CheckoutReferral } from '#src/domain/affiliates/resolve-checkout-referral.ts';
import type { Env } from '#src/env.ts';
import { getPaymentProvider, platformFeeCents } from '#src/providers/payments/index.ts';
import { assertCheckoutBooking, insertWithHold, type CheckoutBooking } from '../bookings/checkout-hooks.ts';
import { checkoutAmount } from './checkout-amount.ts';
import { checkoutPlan } from './checkout-plan.ts';
import { checkoutLines } from './checkout-lines.ts';
import { findOfferedBump } from './find-offered-bump.ts';
import { findOfferedUpsell } from './upsell/find-offered-upsell.ts';
import { fulfilPayment } from './fulfil-payment.ts';
import { scheduleAbandonedCheckout } from '../automations/order-triggers.ts';
import { isPayable, loadCheckout, type CheckoutWithContext } from './load-checkout.ts';
import { storePaymentRoute } from './store-payment-route.ts';
import { stripePlanSession } from '../payment-plans/stripe/stripe-plan-checkout.ts';

export interface CreateCheckoutInput {
  storeId: string;
  productId: string;
  name: string;
  email: string;
  amount?: number | undefined;
  idempotencyKey: string;
  marketingConsent?: boolean | undefined;
  /** The browser's IANA zone (validated by the contract), kept for the customer the payment makes. */
  timeZone?: string | undefined;
  discountCode?: string | undefined;
  orderBump?: boolean | undefined;
  /** The session's affiliate referral and browser fingerprint: loose, checked here, never an error. */
  referralCode?: string | undefined;
  fingerprint?: string | undefined;
  /** A call's chosen start, buyer zone and answers (required for a call, refused otherwise). */
  booking?: CheckoutBooking | undefined;
  /** Pay in the product's instalments (decision 047): the first now, no discount code or bump. */
  paymentPlan?: boolean | undefined;
}

export interface CheckoutAnswer {
  checkoutId: string;
  checkoutUrl: string;
  orderId?: string;
}

interface Deps {
  db: Database;
  env: Env;
  now: Date;
  log?: FastifyBaseLogger;
  /** The buyer's request: the analytics visitor of the checkout (never stored as such). */
  client?: { ip: string; userAgent: string };
}

/**
 * createCheckout: validates the product and the amount, records the checkout once per
 * (store, idempotency key) and answers where to pay. Amount 0 skips payment: the server emits
 * the `free_<checkoutId>` event itself and answers the order. Nothing else fulfils here.
 */
export async function createCheckout(deps: Deps, input: CreateCheckoutInput): Promise<CheckoutAnswer> {
  const { db, env, now } = deps;
  const existing = await findByKey(db, input.storeId, input.idempotencyKey);
  if (existing) return answerFor(deps, existing);

  const [found] = await db
    .select({ product: products, store: stores })
    .from(products)
    .innerJoin(stores, eq(stores.id, products.storeId))
    .where(and(eq(products.id, input.productId), eq(products.storeId, input.storeId)))
    .limit(1);
  if (!found || found.product.status !== 'published') throw new AppError('not-found', PRODUCT_MESSAGES.notForSale);
  const { product, store } = found;
  // An offline store sells nothing (its visitors see "This store is offline"); past buyers keep their downloads.
  if (store.offlineReason !== null) throw new AppError('unavailable', STORE_OFFLINE_MESSAGES.error);
  if (product.type === 'link') throw new AppError('invalid-argument', PRODUCT_MESSAGES.notForSale);
  if (product.type === 'membership') throw new AppError('failed-precondition', PRODUCT_MESSAGES.membershipNotOneOff);
  assertCheckoutBooking(product, input.booking);
  const plan = input.paymentPlan ? checkoutPlan(product, input) : null;
  const bump = input.orderBump ? await findOfferedBump(db, product) : null;
  if (input.orderBump && !bump) throw new AppError('failed-precondition', PRODUCT_MESSAGES.bumpUnavailable);
  const bumpAmountCents = bump?.priceCents ?? 0;
  const amountCents = plan ? plan.planInstalmentCents : checkoutAmount(product, input.amount) + bumpAmountCents;
  const route = amountCents === 0 ? ({ provider: 'free', accountId: null } as const) : await storePaymentRoute(db, env, product.storeId);
  if (amountCents > 0 && route.provider === 'free') throw new AppError('failed-precondition', COMMERCE_MESSAGES.paymentsNotConnected);
  const visit = await checkoutVisitor(deps, store);
  const referral = await checkoutReferral(deps, store.id, input);

  const values = {
    id: newId('chk'),
    storeId: product.storeId,
    productId: product.id,
    idempotencyKey: input.idempotencyKey,
    email: input.email,
    name: input.name,
    marketingConsent: input.marketingConsent ?? false,
    timeZone: input.timeZone ?? null,
    amountCents,
    bumpProductId: bump?.product.id ?? null,
    bumpAmountCents,
    planInstalments: plan?.planInstalments ?? null,
    planInstalmentCents: plan?.planInstalmentCents ?? null,
    currency: product.currency,
    provider: route.provider,
    providerAccountId: route.accountId,
    // A code's use is held only while paying takes; the checkout closes with the hold.
    // A call's time is held as long as its checkout, so that closes early too.
    expiresAt: new Date(now.getTime() + (input.booking ? BOOKING_LIMITS.checkoutHoldMinutes * 60_000 : input.discountCode ? DISCOUNT_LIMITS.holdMinutes * 60_000 : COMMERCE_LIMITS.checkoutTtlMs)),
    analyticsVisitor: visit?.visitor ?? null,
    analyticsVisitDay: visit?.visitDay ?? null,
    affiliateId: referral?.affiliateId ?? null,
    referralCode: referral?.referralCode ?? null,
    referredAt: referral?.referredAt ?? null,
    referralFingerprint: referral?.referralFingerprint ?? null,
    createdAt: now,
  };
  // Concurrent calls with one key: one insert wins, the others read its row.
  const insert = async (executor: Executor) =>
    input.discountCode
      ? insertDiscounted(executor, values, { product, code: input.discountCode, now })
      : (await executor.insert(checkouts).values(values).onConflictDoNothing({ target: [checkouts.storeId, checkouts.idempotencyKey] }).returning())[0];
  // A call's time is held in the checkout's own transaction: no checkout without its hold.
  const inserted = input.booking ? await insertWithHold(db, { booking: input.booking, now }, insert) : await insert(db);
  if (inserted) {
    // A consenting checkout may become an abandoned one (decision 044); that never fails the checkout.
    await scheduleAbandonedCheckout(db, env, inserted).catch((error: unknown) => deps.log?.warn({ err: error, checkoutId: inserted.id }, 'abandoned-checkout look-again not queued'));
    if (deps.env.analytics.enabled) {
      const visitor = visit ?? { visitor: null, visitDay: null };
      await recordServerEvent(db, { storeId: store.id, type: 'checkout_started', key: inserted.id, at: now, timeZone: store.timeZone, visitor, productId: product.id }, deps.log);
    }
    return answerFor(deps, inserted, { product, store });
  }
  const row = await findByKey(db, input.storeId, input.idempotencyKey);
  if (!row) throw new Error('checkout vanished after insert');
  return answerFor(deps, row);
}

/**
 * A checkout with a discount code: the code is checked under a lock on its row, and one use is
 * held for this checkout in the same transaction, so parallel buyers of a code with N uses left
 * get N checkouts and the rest are refused before paying.
 */
async function insertDiscounted(
  db: Executor,
  values: typeof checkouts.$inferInsert,
  options: { product: ProductRow; code: string; now: Date },
): Promise<CheckoutRow | undefined> {
  return db.transaction(async (tx) => {
    const applied = await applyDiscountCode(tx, { storeId: values.storeId, product: options.product, code: options.code, email: values.email, now: options.now, lock: true });
    const [row] = await tx
      .insert(checkouts)
      // The code discounts the main product only; the bump keeps its own price.
      .values({ ...values, amountCents: applied.discountedCents + (values.bumpAmountCents ?? 0) })
      .onConflictDoNothing({ target: [checkouts.storeId, checkouts.idempotencyKey] })
      .returning();
    if (row) {
      await tx.insert(discountRedemptions).values({
        checkoutId: row.id,
        discountId: applied.discount.id,
        storeId: row.storeId,
        email: row.email.toLowerCase(),
        priceCents: applied.priceCents,
        createdAt: options.now,
      });
    }
    return row;
  });
}

/**
 * The analytics visitor of the buyer (the same hash as their page views today), kept on the
 * checkout so the purchase, recorded later from the payment event, joins their visit. Null when
 * analytics is off, for a bot, or when it cannot be read (a checkout never fails for analytics).
 */
async function checkoutVisitor(deps: Deps, store: { id: string; timeZone: string }): Promise<RequestVisitor | null> {
  if (!deps.env.analytics.enabled || !deps.client) return null;
  return requestVisitor(deps.db, { storeId: store.id, timeZone: store.timeZone, ...deps.client, now: deps.now }).catch((error: unknown) => {
    deps.log?.warn({ err: error, storeId: store.id }, 'analytics visitor not read');
    return null;
  });
}

/**
 * The affiliate referral the checkout keeps (docs/affiliates.md "Attribution"); null when there is
 * none or it cannot be read: a referral never fails a purchase.
 */
async function checkoutReferral(deps: Deps, storeId: string, input: CreateCheckoutInput): Promise<CheckoutReferral | null> {
  if (input.referralCode === undefined && input.fingerprint === undefined) return null;
  return resolveCheckoutReferral(deps.db, { storeId, referralCode: input.referralCode, fingerprint: input.fingerprint, now: deps.now }).catch((error: unknown) => {
    deps.log?.warn({ err: error, storeId }, 'affiliate referral not read');
    return null;
  });
}

async function findByKey(db: Database, storeId: string, idempotencyKey: string): Promise<CheckoutRow | null> {
  const [row] = await db
    .select()
    .from(checkouts)
    .where(and(eq(checkouts.storeId, storeId), eq(checkouts.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row ?? null;
}

/** The same answer for the first call and every retry of one checkout. */
async function answerFor(deps: Deps, checkout: CheckoutRow, known?: Pick<CheckoutWithContext, 'product' | 'store'>): Promise<CheckoutAnswer> {
  const { db, env, now, log } = deps;
  const context = known ?? (await loadCheckout(db, checkout.id));
  if (!context) throw new AppError('not-found', COMMERCE_MESSAGES.checkoutNotFound);
  const { product, store } = context;
  const lines = await checkoutLines(db, checkout, product);
  const thankYou = thankYouUrl(store, checkout.id, { origin: env.publicUrl });

  if (checkout.provider === 'free') {
    const { orderId } = await fulfilPayment(
      db,
      env,
      { eventId: `free_${checkout.id}`, provider: 'free', checkoutId: checkout.id, providerPaymentId: null, amountCents: 0, currency: checkout.currency },
      now,
      log,
    );
    return { checkoutId: checkout.id, checkoutUrl: thankYou, orderId };
  }
  if (checkout.status === 'completed') {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.checkoutId, checkout.id));
    return { checkoutId: checkout.id, checkoutUrl: thankYou, ...(order ? { orderId: order.id } : {}) };
  }
  // A retry after the checkout expired (its discount use was given back) opens nothing.
  if (!isPayable(checkout, now)) throw new AppError('failed-precondition', COMMERCE_MESSAGES.checkoutNotFound);

  let session;
  try {
    // A plan on Stripe is a subscription-mode session of the instalment's Price (decision 047).
    if (checkout.provider === 'stripe' && checkout.planInstalments !== null) session = await stripePlanSession({ db, env }, { checkout, product, store });
    else session = await getPaymentProvider(env, checkout.provider).createCheckoutSession({
      checkoutId: checkout.id,
      storeId: checkout.storeId,
      accountId: checkout.providerAccountId,
      productTitle: product.title,
      amountCents: checkout.amountCents,
      lines,
      currency: checkout.currency,
      buyerEmail: checkout.email,
      platformFeeCents:
        checkout.provider === 'stripe' ? platformFeeCents(await platformFeePercent(db, env, checkout.storeId), checkout.amountCents) : 0,
      successUrl: thankYou,
      cancelUrl: productUrl(store, product.slug, { origin: env.publicUrl }),
      ...(closesEarly(checkout) ? { expiresAt: checkout.expiresAt } : {}),
      idempotencyKey: `checkout_${checkout.id}`,
      ...((await findOfferedUpsell(db, product)) ? { saveForUpsell: true } : {}),
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    log?.error({ err: error, checkoutId: checkout.id, provider: checkout.provider }, 'payment provider refused the checkout session');
    throw new AppError('unavailable', MESSAGES.generic.unavailable);
  }
  if (session.providerSessionId && session.providerSessionId !== checkout.providerSessionId) {
    await db.update(checkouts).set({ providerSessionId: session.providerSessionId }).where(eq(checkouts.id, checkout.id));
  }
  return { checkoutId: checkout.id, checkoutUrl: session.url };
}

/** A checkout that must close before the provider's own default (a day): one holding a discount use. */
function closesEarly(checkout: CheckoutRow): boolean {
  return checkout.expiresAt.getTime() - checkout.createdAt.getTime() < COMMERCE_LIMITS.checkoutTtlMs;
}
