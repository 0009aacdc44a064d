import { z } from 'zod';
import { COMMERCE_LIMITS, COMMERCE_MESSAGES, CustomerNameSchema, CustomerSchema, CustomerTagSchema, OrderSchema } from '../schemas/commerce.ts';
import { EmailSchema } from '../schemas/fields.ts';
import { defineFunction } from './define.ts';
import { CustomerIdSchema, StoreIdSchema, multiLineText, singleLine, singleLineText } from '../schemas/text.ts';

const tags = z.array(CustomerTagSchema).max(COMMERCE_LIMITS.tagsMax, { error: COMMERCE_MESSAGES.tooManyTags });
const notes = multiLineText().max(COMMERCE_LIMITS.notesMax, { error: COMMERCE_MESSAGES.notesTooLong });

/** Spec §7 customer functions (payloads beyond storeId are ours). `recordCustomerPurchase` is internal only. */
export const createStoreCustomer = defineFunction({
  name: 'createStoreCustomer',
  access: 'creator',
  input: z
    .object({ storeId: StoreIdSchema, email: EmailSchema, name: CustomerNameSchema, notes: notes.optional(), tags: tags.optional(), marketingConsent: z.boolean().optional() })
    .strict(),
  output: CustomerSchema,
});

/** Newest first, by cursor. */
export const getStoreCustomers = defineFunction({
  name: 'getStoreCustomers',
  access: 'creator',
  input: z
    .object({ storeId: StoreIdSchema, cursor: singleLineText().max(200).optional(), limit: z.number().int().min(1).max(COMMERCE_LIMITS.pageSizeMax).optional() })
    .strict(),
  output: z.object({ customers: z.array(CustomerSchema), nextCursor: z.string().nullable(), total: z.number().int() }),
});

/** Name and email, prefix matches first, then contains. */
export const searchStoreCustomers = defineFunction({
  name: 'searchStoreCustomers',
  access: 'creator',
  input: z
    .object({
      storeId: StoreIdSchema,
      query: z.string().trim().check(singleLine).min(COMMERCE_LIMITS.searchMin).max(COMMERCE_LIMITS.searchMax),
      limit: z.number().int().min(1).max(COMMERCE_LIMITS.pageSizeMax).optional(),
    })
    .strict(),
  output: z.object({ customers: z.array(CustomerSchema) }),
});

export const updateStoreCustomer = defineFunction({
  name: 'updateStoreCustomer',
  access: 'creator',
  input: z
    .object({ storeId: StoreIdSchema, customerId: CustomerIdSchema, name: CustomerNameSchema.optional(), notes: notes.optional(), tags: tags.optional(), marketingConsent: z.boolean().optional() })
    .strict(),
  output: CustomerSchema,
});

/** One customer with their orders, newest first. */
export const getStoreCustomer = defineFunction({
  name: 'getStoreCustomer',
  access: 'creator',
  input: z.object({ storeId: StoreIdSchema, customerId: CustomerIdSchema }).strict(),
  output: z.object({ customer: CustomerSchema, orders: z.array(OrderSchema) }),
});
