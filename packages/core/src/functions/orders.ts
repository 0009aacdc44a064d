import { z } from 'zod';
import { QUERY_DAY_BOUNDS, QUERY_DAY_OUT_OF_RANGE } from '../constants.ts';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, ORDER_STATUSES, OrderSchema } from '../schemas/commerce.ts';
import { defineFunction } from './define.ts';
import { OrderIdSchema, ProductIdSchema, StoreIdSchema, singleLineText } from '../schemas/text.ts';

/** An ISO date (`2026-11-22`) or date-time within QUERY_DAY_BOUNDS; `to` is inclusive of that whole day when a date. */
const isoDate = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, { error: 'Dates look like 2026-11-22' })
  .refine((value) => value.slice(0, 10) >= QUERY_DAY_BOUNDS.min && value.slice(0, 10) <= QUERY_DAY_BOUNDS.max, { error: QUERY_DAY_OUT_OF_RANGE });

export const OrderTotalsSchema = z.object({
  count: z.number().int(),
  grossCents: z.number().int(),
  refundedCents: z.number().int(),
  netCents: z.number().int(),
  currency: z.string(),
});
export type OrderTotals = z.infer<typeof OrderTotalsSchema>;

/** Newest first; totals cover the whole filtered range, not just the page. */
export const listOrders = defineFunction({
  name: 'listOrders',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      from: isoDate.optional(),
      to: isoDate.optional(),
      status: z.enum(ORDER_STATUSES).optional(),
      cursor: singleLineText().max(200).optional(),
      limit: z.number().int().min(1).max(COMMERCE_LIMITS.pageSizeMax).optional(),
    })
    .strict(),
  output: z.object({ orders: z.array(OrderSchema), nextCursor: z.string().nullable(), totals: OrderTotalsSchema }),
});

export const getOrder = defineFunction({
  name: 'getOrder',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, orderId: OrderIdSchema }).strict(),
  output: OrderSchema,
});

/**
 * Refunds through the order's provider: `amountCents` (minor units) up to what remains, or all of
 * what remains when absent. Downloads keep working until the order is fully refunded.
 */
export const refundOrder = defineFunction({
  name: 'refundOrder',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      orderId: OrderIdSchema,
      amountCents: z
        .number({ error: COMMERCE_MESSAGES.amountWhole })
        .int({ error: COMMERCE_MESSAGES.amountWhole })
        .min(1, { error: COMMERCE_MESSAGES.refundAmountTooLow })
        .max(99_999_999, { error: COMMERCE_MESSAGES.refundAmountTooHigh })
        .optional(),
    })
    .strict(),
  output: OrderSchema,
});

/** A product's per-order download limit (completed downloads of each file); null is unlimited. */
export const DownloadLimitSchema = z
  .number({ error: COMMERCE_MESSAGES.downloadLimitInvalid })
  .int({ error: COMMERCE_MESSAGES.downloadLimitInvalid })
  .min(1, { error: COMMERCE_MESSAGES.downloadLimitInvalid })
  .max(COMMERCE_LIMITS.downloadLimitMax, { error: COMMERCE_MESSAGES.downloadLimitInvalid })
  .nullable();

export const getDownloadLimit = defineFunction({
  name: 'getDownloadLimit',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema }).strict(),
  output: z.object({ downloadLimit: DownloadLimitSchema }),
});

export const setDownloadLimit = defineFunction({
  name: 'setDownloadLimit',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, productId: ProductIdSchema, downloadLimit: DownloadLimitSchema }).strict(),
  output: z.object({ downloadLimit: DownloadLimitSchema }),
});
