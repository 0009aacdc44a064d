import { z } from 'zod';
import { COMMERCE_LIMITS, ORDER_STATUSES, OrderSchema } from '../schemas/commerce.ts';
import { defineFunction } from './define.ts';
import { OrderIdSchema, StoreIdSchema, singleLineText } from '../schemas/text.ts';

/** An ISO date (`2026-11-22`) or date-time; `to` is inclusive of that whole day when a date. */
const isoDate = z.string().trim().regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2})?)?$/, { error: 'Dates look like 2026-11-22' });

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

/** Refunds through the order's provider and revokes its downloads. */
export const refundOrder = defineFunction({
  name: 'refundOrder',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, orderId: OrderIdSchema }).strict(),
  output: OrderSchema,
});
