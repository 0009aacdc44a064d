// Exports the customer reads every customer function builds on (selectCustomers, toCustomer, getCustomerOfStore,
// customerNotFound, cleanTags): one module because they share the order-figures query and the wire shape.
import { AppError, COMMERCE_MESSAGES, type Customer } from '@shopfront/core';
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { customers, orders, type CustomerRow } from '#src/db/schema/index.ts';
import type { Executor } from '#src/db/executor.ts';
import { keptLaterInstalmentCents } from '#src/domain/payment-plans/later-instalments.ts';

/**
 * Customers of one store with their order figures: every order counts in `orderCount`; the
 * lifetime value is paid minus refunded: the orders still paid, each less its partial refunds, and
 * the payment plan instalments paid after the first (decision 047).
 * The figures are a lateral read of each customer's own orders (orders_customer_idx), so a page of
 * 50 reads those customers' orders only, never every order of the store.
 */
export function selectCustomers(db: Executor, storeId: string, where?: SQL) {
  const stats = db
    .select({
      orderCount: sql<string>`count(*)`.as('order_count'),
      lifetimeValueCents: sql<string>`coalesce(sum(${orders.amountCents} - ${orders.refundedCents}) filter (where ${orders.status} = 'paid'), 0) + ${keptLaterInstalmentCents(customers.id)}`.as(
        'lifetime_value_cents',
      ),
      lastOrderAt: sql<string | Date | null>`max(${orders.createdAt})`.as('last_order_at'),
    })
    .from(orders)
    .where(eq(orders.customerId, customers.id))
    .as('order_stats');
  return db
    .select({
      customer: customers,
      orderCount: stats.orderCount,
      lifetimeValueCents: stats.lifetimeValueCents,
      lastOrderAt: stats.lastOrderAt,
    })
    .from(customers)
    .leftJoinLateral(stats, sql`true`)
    .where(and(eq(customers.storeId, storeId), where))
    .$dynamic();
}

export interface CustomerWithStats {
  customer: CustomerRow;
  orderCount: string | number | null;
  lifetimeValueCents: string | number | null;
  lastOrderAt: string | Date | null;
}

/** The wire shape (never the password hash). */
export function toCustomer(row: CustomerWithStats): Customer {
  const { customer } = row;
  return {
    id: customer.id,
    storeId: customer.storeId,
    email: customer.email,
    name: customer.name,
    notes: customer.notes,
    tags: customer.tags,
    marketingConsent: customer.marketingConsent,
    unsubscribedAt: customer.marketingWithdrawnAt?.toISOString() ?? null,
    hasAccount: customer.passwordHash !== null,
    timeZone: customer.timeZone,
    orderCount: Number(row.orderCount ?? 0),
    lifetimeValueCents: Number(row.lifetimeValueCents ?? 0),
    lastOrderAt: row.lastOrderAt === null ? null : new Date(row.lastOrderAt).toISOString(),
    createdAt: customer.createdAt.toISOString(),
  };
}

/** One customer of the store with figures; another store's customer is exactly like a missing one. */
export async function getCustomerOfStore(db: Executor, storeId: string, customerId: string): Promise<Customer> {
  const [row] = await selectCustomers(db, storeId, eq(customers.id, customerId)).limit(1);
  if (!row) throw customerNotFound();
  return toCustomer(row);
}

export function customerNotFound(): AppError {
  return new AppError('not-found', COMMERCE_MESSAGES.customerNotFound);
}

/** Tags as stored: trimmed (the contract trims), empty ones dropped, duplicates (any case) once. */
export function cleanTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    kept.push(tag);
  }
  return kept;
}
