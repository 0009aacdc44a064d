import { AppError, EMAIL_MESSAGES, type Customer } from '@shopfront/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { customers } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { cleanTags, customerNotFound, getCustomerOfStore } from './customer-query.ts';
import { automationsOnTagsAdded } from '../automations/tag-triggers.ts';

/**
 * updateStoreCustomer: only the fields given change; tags are trimmed and de-duplicated. The creator
 * cannot turn marketing consent back on for a customer who unsubscribed: only the customer can.
 */
export async function updateCustomer(
  db: Executor,
  options: {
    storeId: string;
    customerId: string;
    name?: string | undefined;
    notes?: string | undefined;
    tags?: string[] | undefined;
    marketingConsent?: boolean | undefined;
    now: Date;
  },
): Promise<Customer> {
  if (options.marketingConsent === true) {
    const [withdrawn] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.id, options.customerId), eq(customers.storeId, options.storeId), isNotNull(customers.marketingWithdrawnAt)));
    if (withdrawn) throw new AppError('failed-precondition', EMAIL_MESSAGES.consentWithdrawn);
  }
  const [before] = options.tags === undefined
    ? []
    : await db.select({ tags: customers.tags }).from(customers).where(and(eq(customers.id, options.customerId), eq(customers.storeId, options.storeId)));
  const changed = await db
    .update(customers)
    .set({
      ...(options.name !== undefined ? { name: options.name } : {}),
      ...(options.notes !== undefined ? { notes: options.notes } : {}),
      ...(options.tags !== undefined ? { tags: cleanTags(options.tags) } : {}),
      ...(options.marketingConsent !== undefined ? { marketingConsent: options.marketingConsent } : {}),
      updatedAt: options.now,
    })
    .where(and(eq(customers.id, options.customerId), eq(customers.storeId, options.storeId)))
    .returning({ id: customers.id });
  if (changed.length === 0) throw customerNotFound();
  // A tag the customer did not have starts the store's tag-added automations (decision 044).
  if (before && options.tags !== undefined) {
    await automationsOnTagsAdded(db, { storeId: options.storeId, customerId: options.customerId, before: before.tags, after: cleanTags(options.tags), now: options.now });
  }
  return getCustomerOfStore(db, options.storeId, options.customerId);
}
