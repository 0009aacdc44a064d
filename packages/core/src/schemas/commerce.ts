import { z } from 'zod';
import { EMAIL_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '../constants.ts';
import { EmailSchema } from './fields.ts';
import { singleLine } from './text.ts';

/** Checkout, orders and customers (docs/selling.md). Money in minor units. */
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'free'] as const;
export type PaymentProviderId = (typeof PAYMENT_PROVIDERS)[number];

export const ORDER_STATUSES = ['paid', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const CHECKOUT_STATUSES = ['open', 'completed', 'expired'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

export const COMMERCE_LIMITS = Object.freeze({
  notesMax: 5_000,
  tagsMax: 20,
  tagMax: 40,
  pageSizeDefault: 50,
  pageSizeMax: 200,
  searchMin: 1,
  searchMax: 100,
  /** A checkout left unpaid this long expires (Stripe's Checkout Session default is 24 h). */
  checkoutTtlMs: 24 * 60 * 60 * 1000,
  /** Download links minted for a page view or the members area. */
  downloadLinkTtlMs: 15 * 60 * 1000,
  /** The access link in a receipt email; it mints fresh download links each visit. */
  receiptLinkTtlMs: 30 * 24 * 60 * 60 * 1000,
  /** The thank-you page shows its download buttons this long after the order; then the receipt and members area do. */
  thankYouDownloadsMs: 24 * 60 * 60 * 1000,
  /** The highest per-order download limit a creator can set (null is unlimited). */
  downloadLimitMax: 1000,
});

export const COMMERCE_MESSAGES = Object.freeze({
  nameRequired: 'Please enter your name',
  nameTooLong: `Name must be less than ${PERSON_NAME_MAX_LENGTH + 1} characters`,
  amountRequired: 'Please enter the amount you want to pay',
  amountTooLow: 'The amount is below the minimum price',
  amountWhole: 'Amounts are whole amounts of the smallest currency unit',
  cardDeclined: 'Your card was declined. Please use a different card.',
  cardInvalid: 'Please enter a valid card number.',
  checkoutNotFound: 'This checkout was not found or has expired.',
  checkoutCompleted: 'This checkout has already been paid.',
  paymentsNotConnected: 'This store cannot take payments yet.',
  orderNotFound: 'Order not found',
  alreadyRefunded: 'This order has already been refunded.',
  refundFailed: 'The refund could not be completed. Please try again.',
  customerNotFound: 'Customer not found',
  customerExists: 'A customer with this email already exists in this store',
  tagTooLong: `Tags must be less than ${COMMERCE_LIMITS.tagMax + 1} characters`,
  tooManyTags: `A customer can have at most ${COMMERCE_LIMITS.tagsMax} tags`,
  notesTooLong: 'Notes are too long',
  linkExpired: 'This download link has expired. Open your receipt or members area for a fresh one.',
  accessRevoked: 'This purchase was refunded, so its downloads are no longer available.',
  fileNotFound: 'File not found',
  invalidDateRange: 'The start date must be before the end date',
  stripeNotConfigured: 'Stripe is not configured on this server.',
  stripeStateInvalid: 'This Stripe connection link has expired. Please start again.',
  /** A creator typing someone else's name (Add customer, edit customer), not a buyer's own. */
  customerNameRequired: "Please enter the customer's name",
  downloadLimitReached: 'You have reached the download limit for this purchase. Please contact the store if you need another download.',
  rangeNotSatisfiable: 'The requested part of this file does not exist.',
  refundAmountTooLow: 'The refund amount must be more than zero.',
  refundAmountTooHigh: 'The refund amount is more than what remains on this order.',
  downloadLimitInvalid: 'The download limit must be a whole number from 1 to 1000, or empty for unlimited.',
});

const C = COMMERCE_MESSAGES;

export const BuyerNameSchema = z
  .string({ error: C.nameRequired })
  .trim()
  .check(singleLine)
  .min(1, { error: C.nameRequired })
  .max(PERSON_NAME_MAX_LENGTH, { error: C.nameTooLong });

/** A customer's name as the creator enters it: the buyer's rules, worded for someone else's name. */
export const CustomerNameSchema = z
  .string({ error: C.customerNameRequired })
  .trim()
  .check(singleLine)
  .min(1, { error: C.customerNameRequired })
  .max(PERSON_NAME_MAX_LENGTH, { error: C.nameTooLong });

/** What a buyer types on the storefront before paying (shared by the form and createCheckout). */
export const CheckoutFormSchema = z.object({
  name: BuyerNameSchema,
  email: EmailSchema,
  /** Pay-what-you-want only, in minor units. */
  amount: z.number({ error: C.amountRequired }).int({ error: C.amountWhole }).min(0, { error: C.amountTooLow }).max(99_999_999).optional(),
});
export type CheckoutForm = z.infer<typeof CheckoutFormSchema>;

export const OrderSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  status: z.enum(ORDER_STATUSES),
  provider: z.enum(PAYMENT_PROVIDERS),
  amountCents: z.number().int(),
  currency: z.string(),
  platformFeeCents: z.number().int(),
  product: z.object({ id: z.string(), title: z.string(), type: z.string() }),
  customer: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  downloadCount: z.number().int(),
  createdAt: z.string(),
  refundedAt: z.string().nullable(),
  /** The sum of the order's refunds, in minor units; equals amountCents once fully refunded. */
  refundedCents: z.number().int(),
  /** Every refund, oldest first (the sales screens; a customer's order list leaves it out). */
  refunds: z.array(z.object({ id: z.string(), amountCents: z.number().int(), createdAt: z.string() })).optional(),
  /** The order lines: the product, and the order bump when the buyer ticked it (titles at purchase). */
  items: z.array(z.object({ productId: z.string(), title: z.string(), amountCents: z.number().int() })).optional(),
  /** A payment plan order (decision 047): N, the instalment, how many are paid and the plan's state; the charges: getOrderPaymentPlan. */
  plan: z
    .object({ instalments: z.number().int(), instalmentCents: z.number().int(), paidCount: z.number().int(), status: z.enum(['active', 'past_due', 'locked', 'completed', 'cancelled']) })
    .nullable()
    .optional(),
});
export type Order = z.infer<typeof OrderSchema>;

export const CustomerSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  email: z.string(),
  name: z.string(),
  notes: z.string(),
  tags: z.array(z.string()),
  marketingConsent: z.boolean(),
  /** When the customer unsubscribed or opted out; only they can opt back in. */
  unsubscribedAt: z.string().nullable(),
  /** True once the customer has a members-area account (verified email and a password). */
  hasAccount: z.boolean(),
  /** The IANA zone the contact's browser reported (signup, checkout); null or absent when unknown. */
  timeZone: z.string().nullable().optional(),
  orderCount: z.number().int(),
  /** Paid minus refunded, minor units, in the store currency. */
  lifetimeValueCents: z.number().int(),
  lastOrderAt: z.string().nullable(),
  createdAt: z.string(),
});
export type Customer = z.infer<typeof CustomerSchema>;

export const CustomerTagSchema = z.string().trim().check(singleLine).min(1).max(COMMERCE_LIMITS.tagMax, { error: C.tagTooLong });

export const CustomerEmailSchema = EmailSchema.pipe(z.string().max(EMAIL_MAX_LENGTH));

/** A purchase in the members area; download links are fresh, short-lived and signed. */
export const PurchaseSchema = z.object({
  orderId: z.string(),
  status: z.enum(ORDER_STATUSES),
  createdAt: z.string(),
  amountCents: z.number().int(),
  currency: z.string(),
  product: z.object({
    id: z.string(),
    title: z.string(),
    type: z.string(),
    coverImageUrl: z.string().nullable(),
    externalUrl: z.string().nullable(),
  }),
  /** Empty when refunded, or while its payment plan is locked. */
  files: z.array(z.object({ id: z.string(), name: z.string(), sizeBytes: z.number().int(), url: z.string() })),
  /** A payment plan with an overdue payment (decision 047): no files until the card is updated. */
  planLocked: z.boolean().optional(),
});
export type Purchase = z.infer<typeof PurchaseSchema>;

/** The one-click upsell after payment (docs/selling.md "One-click upsell", decision 045). */
export const UPSELL_LIMITS = Object.freeze({
  /** How long after the first payment the thank-you page may charge the saved payment method. */
  windowMinutes: 30,
  headlineMax: 120,
});

export const UPSELL_MESSAGES = Object.freeze({
  productNotFound: 'Product not found',
  isSelf: 'A product cannot offer itself after purchase',
  notOneOff: 'The product offered after purchase must be a digital download, lead magnet or course',
  notPublished: 'Publish the product offered after purchase first',
  isFree: 'The product offered after purchase must have a price',
  priceRequired: 'Set the special price of the offer',
  priceTooLow: 'The special price must be more than zero',
  priceTooHigh: 'The special price cannot be more than the product’s normal price',
  headlineTooLong: `The headline can be at most ${UPSELL_LIMITS.headlineMax} characters`,
  sellerNotOneOff: 'Only products bought at checkout can offer another product after purchase',
  offerNotFound: 'This offer is not available',
  offerEnded: 'This offer has ended. Your first order is complete.',
  offerDeclined: 'You said no to this offer.',
  cardDeclined: 'Your card was declined, so nothing more was charged. Your first order is complete.',
  authenticationRequired: 'Your bank asked to confirm this payment, so nothing more was charged. Your first order is complete.',
});

/** The offer made instead when the buyer declines the upsell (docs/selling.md "Downsell", decision 045). */
export const DOWNSELL_MESSAGES = Object.freeze({
  needsUpsell: 'Set the after-purchase offer first: the other offer is shown only when it is declined',
  isSelf: 'A product cannot offer itself instead',
  notOneOff: 'The product offered instead must be a digital download, lead magnet or course',
  notPublished: 'Publish the product offered instead first',
  isFree: 'The product offered instead must have a price',
  priceRequired: 'Set the special price of the other offer',
  priceTooLow: 'The other offer’s special price must be more than zero',
  priceTooHigh: 'The other offer’s special price cannot be more than the product’s normal price',
  notBelowUpsell: 'Offering the same product again, its special price must be below the first offer’s',
  headlineTooLong: `The headline can be at most ${UPSELL_LIMITS.headlineMax} characters`,
  upsellNotDeclined: 'This offer is shown only after the first offer is declined',
});

/**
 * What the thank-you page shows of a checkout's upsell: the offered product at its special price,
 * and where the buyer's choice stands (`accepted` comes with the second order's checkout).
 */
const ThankYouOfferSchema = z.object({
  productId: z.string(),
  title: z.string(),
  headline: z.string().nullable(),
  priceCents: z.number().int(),
  normalPriceCents: z.number().int(),
  currency: z.string(),
  status: z.enum(['offered', 'accepted', 'declined', 'failed', 'ended']),
  /** The refusal a failed charge showed (a declined card). */
  message: z.string().nullable(),
  /** The second order's checkout once accepted: its own thank-you status and downloads. */
  checkoutId: z.string().nullable(),
  orderId: z.string().nullable(),
});
export type ThankYouOffer = z.infer<typeof ThankYouOfferSchema>;
export const ThankYouUpsellSchema = ThankYouOfferSchema.extend({
  /** The offer made instead, once the upsell was declined (absent before, or when none is set). */
  downsell: ThankYouOfferSchema.optional(),
});
export type ThankYouUpsell = z.infer<typeof ThankYouUpsellSchema>;
