import { z } from 'zod';
import { PRODUCT_LIMITS } from './product.ts';
import { ID_PREFIXES, idSchema, ProductIdSchema, singleLine } from './text.ts';

/** Discount codes (docs/selling.md "Discount codes"). Money in the store currency's minor units. */
export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];

export const DISCOUNT_LIMITS = Object.freeze({
  codeMin: 3,
  codeMax: 32,
  /** Per store; a creator with more codes than this deletes old ones. */
  codesPerStore: 200,
  usesMax: 1_000_000,
  amountOffMax: 99_999_999,
  /**
   * A checkout with a code holds one use of it this long, and can be paid only this long: Stripe's
   * shortest Checkout Session (30 minutes) and a few minutes to make it. Then the use is free again.
   */
  holdMinutes: 35,
});

export const DISCOUNT_MESSAGES = Object.freeze({
  codeRequired: 'Enter a code, such as SPRING20.',
  codeInvalid: `Codes are ${DISCOUNT_LIMITS.codeMin}–${DISCOUNT_LIMITS.codeMax} letters, digits, hyphens or underscores.`,
  codeExists: 'This store already has a code with that name.',
  percentRequired: 'Enter the percentage off, a whole number from 1 to 100.',
  percentInvalid: 'The percentage must be a whole number from 1 to 100.',
  amountRequired: 'Enter the amount off, such as 5 or 4.99.',
  amountInvalid: 'The amount off must be more than zero.',
  usesInvalid: 'The usage limit must be a whole number of at least 1, or empty for unlimited.',
  expiryPast: 'The expiry date must be in the future.',
  tooManyCodes: `A store can have at most ${DISCOUNT_LIMITS.codesPerStore} discount codes. Delete one you no longer use.`,
  notFound: 'Discount code not found',
  /** One answer for unknown, inactive, expired and other-store codes: a buyer cannot probe which. */
  notValid: 'This discount code is not valid.',
  notForProduct: "This discount code can't be used for this product.",
  usedUp: 'This discount code has been fully redeemed.',
  usedByEmail: 'You have already used this discount code.',
  productNotInStore: 'Product not found',
});

const M = DISCOUNT_MESSAGES;

/** Codes are compared case-insensitively; they are stored upper-case. */
export const DiscountCodeTextSchema = z
  .string()
  .trim()
  .check(singleLine)
  .toUpperCase()
  .min(1, { error: M.codeRequired })
  .regex(new RegExp(`^[A-Z0-9_-]{${DISCOUNT_LIMITS.codeMin},${DISCOUNT_LIMITS.codeMax}}$`), { error: M.codeInvalid });

export const DiscountIdSchema = idSchema(ID_PREFIXES.discount);

const usesLimit = z.number({ error: M.usesInvalid }).int({ error: M.usesInvalid }).min(1, { error: M.usesInvalid }).max(DISCOUNT_LIMITS.usesMax, { error: M.usesInvalid }).nullable();

/** What a creator sets. `productId` null means every product of the store. */
export const DiscountFieldsSchema = z
  .object({
    code: DiscountCodeTextSchema,
    kind: z.enum(DISCOUNT_KINDS),
    /** Whole percent for `percent`; minor units for `amount`. */
    value: z.number().int({ error: M.amountInvalid }).min(1, { error: M.amountInvalid }).max(DISCOUNT_LIMITS.amountOffMax, { error: M.amountInvalid }),
    productId: ProductIdSchema.nullable(),
    expiresAt: z.iso.datetime({ offset: true }).nullable(),
    maxUses: usesLimit,
    maxUsesPerEmail: usesLimit,
    /** The price after discount never goes below this (nor below the processor's minimum). */
    minPriceCents: z.number().int().min(0).max(DISCOUNT_LIMITS.amountOffMax),
    active: z.boolean(),
  })
  .strict()
  .refine((fields) => fields.kind !== 'percent' || fields.value <= 100, { error: M.percentInvalid, path: ['value'] });
export type DiscountFields = z.infer<typeof DiscountFieldsSchema>;

export const DiscountCodeSchema = z.object({
  id: z.string(),
  code: z.string(),
  kind: z.enum(DISCOUNT_KINDS),
  value: z.number().int(),
  currency: z.string(),
  productId: z.string().nullable(),
  expiresAt: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  maxUsesPerEmail: z.number().int().nullable(),
  minPriceCents: z.number().int(),
  active: z.boolean(),
  /** Paid or claimed orders that used the code. */
  usedCount: z.number().int(),
  /** Checkouts with the code that are not paid yet but may still be (DISCOUNT_LIMITS.holdMinutes). */
  heldCount: z.number().int(),
  createdAt: z.string(),
});
export type DiscountCode = z.infer<typeof DiscountCodeSchema>;

/**
 * The price after a discount, in minor units: percent rounds the discount down (the buyer never
 * pays less than the creator meant); the result never goes below the code's minimum nor the
 * processor's smallest charge, and never above the price.
 */
export function discountedPrice(priceCents: number, discount: { kind: DiscountKind; value: number; minPriceCents: number }): number {
  const off = discount.kind === 'percent' ? Math.floor((priceCents * discount.value) / 100) : discount.value;
  const floor = Math.max(discount.minPriceCents, PRODUCT_LIMITS.minPriceCents);
  return Math.min(priceCents, Math.max(priceCents - off, floor));
}
