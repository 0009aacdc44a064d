import { z } from 'zod';
import { MESSAGES } from '../messages.ts';
import { SafeUrlSchema } from './store-profile.ts';
import { multiLineText, singleLine, singleLineText } from './text.ts';

/**
 * Products (spec §3 leaves their fields to us — docs/selling.md). Money is always an
 * integer count of the currency's minor unit ("cents"), in the store's currency.
 */
/**
 * `membership`: recurring, sold by its tiers (docs/memberships.md); its own product fields carry
 * no price, and the one-off checkout, bundles and order bumps never sell it.
 */
/**
 * `course`: sections of lessons in the members area (docs/courses.md); sold one-off like a
 * download (discount codes, affiliates, bundles, order bumps), published once it has a lesson.
 */
/**
 * `call`: a coaching call booked for a time from the store's availability (docs/bookings.md); sold
 * one-off at a fixed price or free, never in a bundle or as an order bump, published once it has
 * settings and weekly hours.
 */
export const PRODUCT_TYPES = ['digital', 'lead-magnet', 'link', 'membership', 'course', 'call'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const PRICE_MODES = ['fixed', 'free', 'pay-what-you-want'] as const;
export type PriceMode = (typeof PRICE_MODES)[number];

/** `archived`: deleted while it had orders; buyers keep access, nobody can buy it. */
export const PRODUCT_STATUSES = ['draft', 'published', 'archived'] as const;
export type ProductStatus = (typeof PRODUCT_STATUSES)[number];

export const PRODUCT_LIMITS = Object.freeze({
  titleMax: 100,
  subtitleMax: 160,
  /** Sanitised HTML, counted after sanitising. */
  descriptionMax: 20_000,
  ctaMax: 40,
  slugMin: 2,
  slugMax: 60,
  /** Stripe's smallest charge is 0.50 in most currencies. */
  minPriceCents: 50,
  maxPriceCents: 99_999_999,
  filesPerProduct: 20,
  /** How many products one bundle may include. */
  bundleItemsMax: 20,
  productsPerStore: 500,
});

export const PRODUCT_MESSAGES = Object.freeze({
  titleRequired: 'Product title is required',
  titleTooLong: `Product title must be less than ${PRODUCT_LIMITS.titleMax + 1} characters`,
  subtitleTooLong: `Subtitle must be less than ${PRODUCT_LIMITS.subtitleMax + 1} characters`,
  descriptionTooLong: 'Description is too long',
  ctaRequired: 'Button label is required',
  ctaTooLong: `Button label must be less than ${PRODUCT_LIMITS.ctaMax + 1} characters`,
  slugInvalid: 'Product URL may use only lowercase letters, numbers and single hyphens (2–60 characters)',
  slugTaken: 'Another product in this store already uses this URL',
  priceTooLow: 'Price must be at least 0.50',
  priceTooHigh: 'Price is too high',
  priceWhole: 'Prices are whole amounts of the smallest currency unit',
  compareAtTooLow: 'The compare-at price must be higher than the price',
  minAboveSuggested: 'The suggested price must be at least the minimum price',
  linkRequired: 'Add the link this product sends buyers to',
  leadMagnetIsFree: 'Lead magnets are free',
  coverInvalid: 'The cover must be an uploaded image',
  productNotFound: 'Product not found',
  tooManyProducts: `A store can have at most ${PRODUCT_LIMITS.productsPerStore} products`,
  tooManyFiles: `A product can have at most ${PRODUCT_LIMITS.filesPerProduct} files`,
  notForSale: 'This product is not available',
  publishNeedsFile: MESSAGES.publishing.needsFile,
  onlyDownloadsHaveFiles: MESSAGES.publishing.onlyDownloadsHaveFiles,
  bundleItemNotFound: 'Product not found',
  bundleItemNotDownload: 'A bundle can include only digital downloads, lead magnets and courses',
  bundleItemIsSelf: 'A bundle cannot include itself',
  bundleItemIsBundle: 'A bundle cannot include another bundle',
  bundleItemRepeated: 'Each product can be included in a bundle once',
  bundleOnlyDigital: 'Only digital downloads can be bundles',
  bundleIsIncluded: 'This product is included in a bundle, so it cannot be a bundle itself',
  tooManyBundleItems: `A bundle can include at most ${PRODUCT_LIMITS.bundleItemsMax} products`,
  bumpNotFound: 'Product not found',
  bumpIsSelf: 'A product cannot be its own order bump',
  bumpNotDownload: 'The order bump must be a digital download or a course',
  bumpNotPublished: 'Publish the order bump product first',
  bumpPriceRequired: 'Set the order bump price',
  bumpPriceTooLow: 'The order bump price must be more than zero',
  bumpPriceNotLower: 'The order bump price must be lower than the product’s own price',
  bumpUnavailable: 'This add-on is no longer available. Please check out without it.',
  reorderMismatch: 'The list must name each of the store’s products once',
  membershipNotOneOff: 'A membership is joined from its own page, not bought at checkout',
  membershipNoBump: 'A membership cannot have an order bump',
  membershipTypeFixed: 'A product cannot become a membership or stop being one. Create a new product instead.',
  publishNeedsTier: 'Add a tier before publishing this membership',
  publishNeedsLesson: 'Add a lesson before publishing this course',
  courseTypeFixed: 'A product cannot become a course or stop being one. Create a new product instead.',
  callTypeFixed: 'A product cannot become a call or stop being one. Create a new product instead.',
  callPriceMode: 'A call has a fixed price or is free',
  publishNeedsCallSettings: 'Set the call’s duration and location before publishing it',
  publishNeedsHours: 'Set your weekly hours in Bookings → Availability before publishing a call',
});

const M = PRODUCT_MESSAGES;

export const ProductSlugSchema = z
  .string()
  .trim()
  .check(singleLine)
  .toLowerCase()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: M.slugInvalid })
  .min(PRODUCT_LIMITS.slugMin, { error: M.slugInvalid })
  .max(PRODUCT_LIMITS.slugMax, { error: M.slugInvalid });

const cents = z
  .number()
  .int({ error: M.priceWhole })
  .min(0, { error: M.priceTooLow })
  .max(PRODUCT_LIMITS.maxPriceCents, { error: M.priceTooHigh });

/** An image uploaded through `/api/stores/:storeId/images` (`/files/<storeId>/<name>`). */
export const UploadedImageUrlSchema = singleLineText().regex(/^\/files\/[\w-]+\/[\w.-]+$/, { error: M.coverInvalid });

/** The fields a creator edits. `descriptionHtml` is sanitised by the server before it is stored. */
export const ProductFieldsSchema = z
  .object({
    type: z.enum(PRODUCT_TYPES),
    title: z.string().trim().check(singleLine).min(1, { error: M.titleRequired }).max(PRODUCT_LIMITS.titleMax, { error: M.titleTooLong }),
    /** Derived from the title when absent; unique within the store. */
    slug: ProductSlugSchema.optional(),
    subtitle: z.string().trim().check(singleLine).max(PRODUCT_LIMITS.subtitleMax, { error: M.subtitleTooLong }).default(''),
    descriptionHtml: multiLineText().max(PRODUCT_LIMITS.descriptionMax * 2, { error: M.descriptionTooLong }).default(''),
    coverImageUrl: UploadedImageUrlSchema.nullable().default(null),
    priceMode: z.enum(PRICE_MODES),
    /** fixed: the price; pay-what-you-want: the suggested price; free: 0. */
    priceCents: cents.default(0),
    /** pay-what-you-want only: the least a buyer may pay (0 lets them take it free). */
    minPriceCents: cents.default(0),
    compareAtCents: cents.nullable().default(null),
    ctaLabel: z.string().trim().check(singleLine).min(1, { error: M.ctaRequired }).max(PRODUCT_LIMITS.ctaMax, { error: M.ctaTooLong }).optional(),
    /** link products only. */
    externalUrl: SafeUrlSchema.nullable().default(null),
    status: z.enum(['draft', 'published']).default('draft'),
  })
  .strict();
export type ProductFields = z.output<typeof ProductFieldsSchema>;
export type ProductFieldsInput = z.input<typeof ProductFieldsSchema>;

/** The cross-field price and type rules, shared by create, update and the dashboard form. */
export function productRuleIssues(product: Pick<
  ProductFields,
  'type' | 'priceMode' | 'priceCents' | 'minPriceCents' | 'compareAtCents' | 'externalUrl'
>): { path: string; message: string }[] {
  const issues: { path: string; message: string }[] = [];
  if (product.type === 'lead-magnet' && product.priceMode !== 'free') issues.push({ path: 'priceMode', message: M.leadMagnetIsFree });
  if (product.type === 'link' && !product.externalUrl) issues.push({ path: 'externalUrl', message: M.linkRequired });
  // A membership's prices are its tiers'; the product's own price fields are unused.
  if (product.type === 'membership') return issues;
  if (product.type === 'call' && product.priceMode === 'pay-what-you-want') issues.push({ path: 'priceMode', message: M.callPriceMode });
  if (product.priceMode === 'fixed' && product.priceCents < PRODUCT_LIMITS.minPriceCents) {
    issues.push({ path: 'priceCents', message: M.priceTooLow });
  }
  if (product.priceMode === 'pay-what-you-want' && product.priceCents < product.minPriceCents) {
    issues.push({ path: 'priceCents', message: M.minAboveSuggested });
  }
  if (
    product.priceMode === 'pay-what-you-want' &&
    product.minPriceCents > 0 &&
    product.minPriceCents < PRODUCT_LIMITS.minPriceCents
  ) {
    issues.push({ path: 'minPriceCents', message: M.priceTooLow });
  }
  if (product.compareAtCents !== null && product.priceMode !== 'free' && product.compareAtCents <= product.priceCents) {
    issues.push({ path: 'compareAtCents', message: M.compareAtTooLow });
  }
  return issues;
}

/** The types buyers download files from: digital downloads and lead magnets. */
export const DOWNLOAD_TYPES: readonly ProductType[] = Object.freeze(['digital', 'lead-magnet']);
export const isDownloadType = (type: ProductType): boolean => DOWNLOAD_TYPES.includes(type);

/** What a bundle may include and an order bump may sell: the one-off products a buyer keeps. */
export const BUNDLEABLE_TYPES: readonly ProductType[] = Object.freeze(['digital', 'lead-magnet', 'course']);
export const isBundleableType = (type: ProductType): boolean => BUNDLEABLE_TYPES.includes(type);

/**
 * Why a product cannot be published yet, or null: a download needs at least one file (a buyer
 * would otherwise be told "here is your download" and get nothing); a link needs its URL.
 */
export function publishIssue(
  product: { type: ProductType; externalUrl: string | null },
  fileCount: number,
  /** A bundle's included products: a bundle with some may be published without files of its own. */
  bundleItemCount = 0,
  /** A membership's tiers that take members (not archived): it needs one to be joined. */
  liveTierCount = 0,
  /** A course's lessons: a buyer must find something to take. */
  lessonCount = 0,
  /** A call's settings row and the store's weekly open periods: a buyer must find a time to book. */
  call: { hasSettings: boolean; weeklyPeriods: number } = { hasSettings: false, weeklyPeriods: 0 },
): string | null {
  if (isDownloadType(product.type) && fileCount === 0 && bundleItemCount === 0) return M.publishNeedsFile;
  if (product.type === 'link' && !product.externalUrl) return M.linkRequired;
  if (product.type === 'membership' && liveTierCount === 0) return M.publishNeedsTier;
  if (product.type === 'course' && lessonCount === 0) return M.publishNeedsLesson;
  if (product.type === 'call' && !call.hasSettings) return M.publishNeedsCallSettings;
  if (product.type === 'call' && call.weeklyPeriods === 0) return M.publishNeedsHours;
  return null;
}

/** The default button label per type when the creator leaves it empty. */
export const DEFAULT_CTA: Readonly<Record<ProductType, string>> = Object.freeze({
  digital: 'Buy now',
  'lead-magnet': 'Get it free',
  link: 'Visit',
  membership: 'Join',
  course: 'Enrol now',
  call: 'Book a call',
});

export const ProductFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  sizeBytes: z.number().int(),
  contentType: z.string(),
  createdAt: z.string(),
});
export type ProductFile = z.infer<typeof ProductFileSchema>;

export const BundleItemSchema = z.object({ productId: z.string(), title: z.string(), fileCount: z.number().int() });
export type BundleItem = z.infer<typeof BundleItemSchema>;

/** A product as its creator sees it. `position` is its index in the storefront order. */
export const ProductSchema = z.object({
  id: z.string(),
  storeId: z.string(),
  slug: z.string(),
  type: z.enum(PRODUCT_TYPES),
  title: z.string(),
  subtitle: z.string(),
  descriptionHtml: z.string(),
  coverImageUrl: z.string().nullable(),
  priceMode: z.enum(PRICE_MODES),
  priceCents: z.number().int(),
  minPriceCents: z.number().int(),
  compareAtCents: z.number().int().nullable(),
  currency: z.string(),
  ctaLabel: z.string(),
  externalUrl: z.string().nullable(),
  status: z.enum(PRODUCT_STATUSES),
  position: z.number().int(),
  files: z.array(ProductFileSchema),
  /** A bundle's included products, in order (empty: not a bundle). */
  bundleItems: z.array(BundleItemSchema),
  /** The order bump offered at checkout, and its price when ticked. */
  bumpProductId: z.string().nullable(),
  bumpPriceCents: z.number().int().nullable(),
  /** The one-click upsell offered on the thank-you page after payment, its special price and headline. */
  upsellProductId: z.string().nullable(),
  upsellPriceCents: z.number().int().nullable(),
  upsellHeadline: z.string().nullable(),
  /** Offered instead when the buyer declines the upsell (only with an upsell), its special price and headline. */
  downsellProductId: z.string().nullable(),
  downsellPriceCents: z.number().int().nullable(),
  downsellHeadline: z.string().nullable(),
  /** Also sold in this many monthly instalments (null: paid in full only), and the creator's instalment (null: the price divided by N, rounded up). */
  planInstalments: z.number().int().nullable(),
  planInstalmentCents: z.number().int().nullable(),
  /** Paid (not refunded) orders. */
  salesCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof ProductSchema>;
