import { z } from 'zod';
import { PRODUCT_LIMITS, PRODUCT_MESSAGES, ProductFieldsSchema, ProductSchema } from '../schemas/product.ts';
import { defineFunction } from './define.ts';
import { ProductFileIdSchema, ProductIdSchema, StoreIdSchema, singleLineText } from '../schemas/text.ts';
import { DOWNSELL_MESSAGES, UPSELL_LIMITS, UPSELL_MESSAGES } from '../schemas/commerce.ts';


/** Products. Every function checks that the store is the caller's and the product the store's. */
export const createProduct = defineFunction({
  name: 'createProduct',
  access: 'creator',
  input: ProductFieldsSchema.extend({ storeId: StoreIdSchema }).strict(),
  output: ProductSchema,
});

const fields = ProductFieldsSchema.shape;

/**
 * The fields without their defaults: `.partial()` would still fill them in, so an update of the
 * title alone would reset the subtitle, the prices and the status.
 */
const ProductChangesSchema = z
  .object({
    type: fields.type.optional(),
    title: fields.title.optional(),
    slug: fields.slug,
    subtitle: fields.subtitle.unwrap().optional(),
    descriptionHtml: fields.descriptionHtml.unwrap().optional(),
    coverImageUrl: fields.coverImageUrl.unwrap().optional(),
    priceMode: fields.priceMode.optional(),
    priceCents: fields.priceCents.unwrap().optional(),
    minPriceCents: fields.minPriceCents.unwrap().optional(),
    compareAtCents: fields.compareAtCents.unwrap().optional(),
    ctaLabel: fields.ctaLabel,
    externalUrl: fields.externalUrl.unwrap().optional(),
    status: fields.status.unwrap().optional(),
    /** The whole list of included products, in order; [] makes it a plain product again. */
    bundleProductIds: z.array(ProductIdSchema).max(PRODUCT_LIMITS.bundleItemsMax, { error: PRODUCT_MESSAGES.tooManyBundleItems }).optional(),
    /** null removes the order bump (and its price). */
    bumpProductId: ProductIdSchema.nullable().optional(),
    bumpPriceCents: fields.priceCents.unwrap().nullable().optional(),
    /** null removes the after-purchase offer (with its price and headline). */
    upsellProductId: ProductIdSchema.nullable().optional(),
    upsellPriceCents: fields.priceCents.unwrap().nullable().optional(),
    upsellHeadline: singleLineText().trim().max(UPSELL_LIMITS.headlineMax, { error: UPSELL_MESSAGES.headlineTooLong }).nullable().optional(),
    /** null removes the offer made instead of a declined upsell (removing the upsell removes it too). */
    downsellProductId: ProductIdSchema.nullable().optional(),
    downsellPriceCents: fields.priceCents.unwrap().nullable().optional(),
    downsellHeadline: singleLineText().trim().max(UPSELL_LIMITS.headlineMax, { error: DOWNSELL_MESSAGES.headlineTooLong }).nullable().optional(),
    /** null removes the payment plan (and its amount); the bounds are the server's (PAYMENT_PLAN_LIMITS), with its messages. */
    planInstalments: z.number().int().min(0).max(1000).nullable().optional(),
    planInstalmentCents: fields.priceCents.unwrap().nullable().optional(),
  })
  .strict();

/** Only the fields sent change; the cross-field rules are checked on the merged product. */
export const updateProduct = defineFunction({
  name: 'updateProduct',
  access: 'creator',
  input: ProductChangesSchema.extend({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: ProductSchema,
});

/** A product with orders is archived instead (buyers keep their downloads). */
export const deleteProduct = defineFunction({
  name: 'deleteProduct',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: z.object({ deleted: z.boolean(), archived: z.boolean() }),
});

export const getProduct = defineFunction({
  name: 'getProduct',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: ProductSchema,
});

/** In storefront order; archived products only when asked. */
export const listProducts = defineFunction({
  name: 'listProducts',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, includeArchived: z.boolean().optional() }).strict(),
  output: z.object({ products: z.array(ProductSchema), currency: z.string() }),
});

/**
 * The storefront order: every non-archived product of the store, each once. Written to the live
 * store's `productLayout.order` and to the builder draft when there is one.
 */
export const reorderProducts = defineFunction({
  name: 'reorderProducts',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productIds: z.array(ProductIdSchema).max(500) }).strict(),
  output: z.object({ productIds: z.array(z.string()) }),
});

export const deleteProductFile = defineFunction({
  name: 'deleteProductFile',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, fileId: ProductFileIdSchema }).strict(),
  output: ProductSchema,
});
