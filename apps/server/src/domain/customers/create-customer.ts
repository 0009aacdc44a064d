import { AppError, COMMERCE_MESSAGES, type Customer } from '@shopfront/core';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { cleanTags, toCustomer } from './customer-query.ts';

/** createStoreCustomer: a CRM record added by the creator; one per email in the store. */
export async function createCustomer(
  db: Executor,
  options: {
    storeId: string;
    email: string;
    name: string;
    notes?: string | undefined;
    tags?: string[] | undefined;
    marketingConsent?: boolean | undefined;
    now: Date;
  },
): Promise<Customer> {
  try {
    const [row] = await db
      .insert(customers)
      .values({
        id: newId('cus'),
        storeId: options.storeId,
        email: options.email,
        name: options.name,
        notes: options.notes ?? '',
        tags: cleanTags(options.tags ?? []),
        marketingConsent: options.marketingConsent ?? false,
        createdAt: options.now,
        updatedAt: options.now,
      })
      .returning();
    if (!row) throw new Error('customer insert returned no row');
    return toCustomer({ customer: row, orderCount: 0, lifetimeValueCents: 0, lastOrderAt: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', COMMERCE_MESSAGES.customerExists);
    throw error;
  }
}
