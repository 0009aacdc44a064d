import { AppError, COMMERCE_MESSAGES, type Customer } from '@shopfront/core';
import { isUniqueViolation } from '#src/db/errors.ts';
import { newId } from '#src/db/ids.ts';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { automationsOnContactAdded } from '#src/domain/automations/contact-triggers.ts';
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
    const row = await db.transaction(async (tx) => {
      const [inserted] = await tx
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
      if (!inserted) throw new Error('customer insert returned no row');
      // A contact added with consent has joined the audience: the "joined" automations start (decision 044).
      await automationsOnContactAdded(tx, { storeId: inserted.storeId, customerId: inserted.id, marketingConsent: inserted.marketingConsent });
      return inserted;
    });
    return toCustomer({ customer: row, orderCount: 0, lifetimeValueCents: 0, lastOrderAt: null });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('already-exists', COMMERCE_MESSAGES.customerExists);
    throw error;
  }
}
