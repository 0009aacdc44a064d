import { z } from 'zod';
import { EmailSchema } from '../schemas/fields.ts';
import { DiscountCodeSchema, DiscountCodeTextSchema, DiscountFieldsSchema, DiscountIdSchema } from '../schemas/discount.ts';
import { ProductIdSchema, StoreIdSchema } from '../schemas/text.ts';
import { defineFunction } from './define.ts';

/** A store's discount codes, newest first, with how often each was used. */
export const listDiscountCodes = defineFunction({
  name: 'listDiscountCodes',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema }).strict(),
  output: z.object({ codes: z.array(DiscountCodeSchema) }),
});

export const createDiscountCode = defineFunction({
  name: 'createDiscountCode',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, fields: DiscountFieldsSchema }).strict(),
  output: DiscountCodeSchema,
});

export const updateDiscountCode = defineFunction({
  name: 'updateDiscountCode',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, discountId: DiscountIdSchema, fields: DiscountFieldsSchema }).strict(),
  output: DiscountCodeSchema,
});

/** Orders that used the code keep their price; open checkouts with it can still be paid. */
export const deleteDiscountCode = defineFunction({
  name: 'deleteDiscountCode',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, discountId: DiscountIdSchema }).strict(),
  output: z.object({ deleted: z.literal(true) }),
});

/**
 * The checkout form's "Apply": the price the buyer would pay with the code. createCheckout checks
 * the code again and holds one use; this only reads.
 */
export const previewDiscount = defineFunction({
  name: 'previewDiscount',
  access: 'public',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, code: DiscountCodeTextSchema, email: EmailSchema.optional() }).strict(),
  output: z.object({ code: z.string(), priceCents: z.number().int(), discountedCents: z.number().int(), currency: z.string() }),
});
