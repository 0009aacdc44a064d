import { z } from 'zod';
import { isStripeCurrency } from '../currencies.ts';
import { BuyerNameSchema, CHECKOUT_STATUSES, PAYMENT_PROVIDERS, ThankYouUpsellSchema } from '../schemas/commerce.ts';
import { DiscountCodeTextSchema } from '../schemas/discount.ts';
import { EmailSchema } from '../schemas/fields.ts';
import { defineFunction } from './define.ts';
import { VisitorTimeZoneSchema } from '../time-zone.ts';
import { CheckoutBookingSchema, ThankYouBookingSchema } from './member-bookings.ts';
import { CheckoutIdSchema, ProductIdSchema, StoreIdSchema, singleLine, singleLineText } from '../schemas/text.ts';


/**
 * Starts paying for one product. Idempotent per (store, idempotencyKey): a retry answers
 * the same checkout. Free products (and pay-what-you-want at 0) skip payment and answer `orderId`.
 * Nothing is fulfilled here for paid products: only the payment event does that.
 */
export const createCheckout = defineFunction({
  name: 'createCheckout',
  access: 'public',
  input: z
    .object({
      storeId: StoreIdSchema,
      productId: ProductIdSchema,
      name: BuyerNameSchema,
      email: EmailSchema,
      amount: z.number().int().min(0).max(99_999_999).optional(),
      idempotencyKey: z.string().trim().check(singleLine).min(8).max(100),
      marketingConsent: z.boolean().optional(),
      /** The browser's IANA zone: the customer's clock for automation waits; an unknown zone is dropped. */
      timeZone: VisitorTimeZoneSchema,
      /** Checked again here and one use held while the checkout is open; counted when it is paid. */
      discountCode: DiscountCodeTextSchema.optional(),
      /** The buyer ticked the product's order bump: one payment of both prices, two order lines. */
      orderBump: z.boolean().optional(),
      /**
       * The affiliate referral the buyer's session carries (`pending_referral`) and the browser
       * fingerprint. Loose on purpose: a stale or malformed code never stops a purchase; the server
       * checks both and keeps only a valid referral (docs/affiliates.md "Attribution").
       */
      referralCode: z.string().max(256).optional(),
      fingerprint: z.string().max(64).optional(),
      /** A call product's chosen start, the buyer's zone and intake answers: required for a call, refused otherwise; held while the checkout is open. */
      booking: CheckoutBookingSchema.optional(),
      /** Pay in the product's monthly instalments (decision 047): the first is charged now; no discount code or order bump. */
      paymentPlan: z.boolean().optional(),
    })
    .strict(),
  output: z.object({ checkoutId: z.string(), checkoutUrl: z.string(), orderId: z.string().optional() }),
});

/** One file the order bought, as the thank-you page offers it. */
export const ThankYouFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  /** A fresh signed link (COMMERCE_LIMITS.downloadLinkTtlMs); null once the download limit is reached. */
  url: z.string().nullable(),
  /** Completed downloads left for this order; null when unlimited. */
  downloadsLeft: z.number().int().nullable(),
});

/**
 * The thank-you page's read; the checkout id is an unguessable capability. `files`: the files the
 * paid order bought (every product it grants), for COMMERCE_LIMITS.thankYouDownloadsMs after the
 * order; empty before payment, after that time, for a refunded order and for products without files.
 */
export const getCheckoutStatus = defineFunction({
  name: 'getCheckoutStatus',
  access: 'public',
  input: z.object({ checkoutId: CheckoutIdSchema }).strict(),
  output: z.object({
    status: z.enum(CHECKOUT_STATUSES),
    orderId: z.string().nullable(),
    productTitle: z.string(),
    productType: z.string(),
    storeSlug: z.string(),
    amountCents: z.number().int(),
    currency: z.string(),
    files: z.array(ThankYouFileSchema),
    /** A completed call's confirmed booking (absent for other products, or a time lost before payment). */
    booking: ThankYouBookingSchema.optional(),
    /** A completed course: its page under the store's members path (`/courses/<productId>`). */
    coursePath: z.string().optional(),
    /** The after-purchase offer of a paid checkout whose product has one (absent otherwise). */
    upsell: ThankYouUpsellSchema.optional(),
  }),
});

/** A currency a store can charge in: one Stripe supports (core currencies.ts), any case. */
export const CurrencySchema = z
  .string()
  .trim()
  .check(singleLine)
  .toUpperCase()
  .refine((code) => isStripeCurrency(code), { error: 'Please choose a supported currency.' });

export const PaymentSettingsSchema = z.object({
  /** Which provider new checkouts use. */
  provider: z.enum(PAYMENT_PROVIDERS),
  currency: z.string(),
  testMode: z.object({ enabled: z.boolean() }),
  stripe: z.object({
    /** STRIPE_* env set on this server. */
    configured: z.boolean(),
    accountId: z.string().nullable(),
    connectedAt: z.string().nullable(),
    platformFeePercent: z.number(),
  }),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

export const getPaymentSettings = defineFunction({
  name: 'getPaymentSettings',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: PaymentSettingsSchema,
});

/** The store currency applies to new products and checkouts; existing orders keep theirs. */
export const updatePaymentSettings = defineFunction({
  name: 'updatePaymentSettings',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, currency: CurrencySchema }).strict(),
  output: PaymentSettingsSchema,
});

/** Stripe Connect (Standard OAuth): the authorize URL, with a `state` bound to this session and store. */
export const startStripeConnect = defineFunction({
  name: 'startStripeConnect',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ url: z.string() }),
});

/** Called by /dashboard/settings/payments/stripe/callback with Stripe's `code` and our `state`. */
export const completeStripeConnect = defineFunction({
  name: 'completeStripeConnect',
  access: 'creator',
  input: z.object({ code: singleLineText().min(1).max(500), state: singleLineText().min(1).max(500) }).strict(),
  output: z.object({ storeId: z.string(), accountId: z.string() }),
});

export const disconnectStripe = defineFunction({
  name: 'disconnectStripe',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: PaymentSettingsSchema,
});
