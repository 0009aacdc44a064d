import { toMajorUnits, type Customer } from '@shopfront/core';
import { stringify } from 'csv-stringify/sync';
import type { Executor } from '#src/db/executor.ts';
import { listCustomers } from './list-customers.ts';

export const CUSTOMER_CSV_COLUMNS = ['name', 'email', 'marketing consent', 'tags', 'orders', 'lifetime value', 'last order', 'created'] as const;

/**
 * OWASP CSV injection: a cell a spreadsheet would read as a formula (= + - @, or a leading tab or
 * carriage return) gets a leading apostrophe, so it is shown as text.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}


function toRow(customer: Customer, currency: string): string[] {
  return [
    neutraliseCell(customer.name),
    neutraliseCell(customer.email),
    customer.marketingConsent ? 'yes' : 'no',
    neutraliseCell(customer.tags.join(', ')),
    String(customer.orderCount),
    toMajorUnits(customer.lifetimeValueCents, currency),
    customer.lastOrderAt ?? '',
    customer.createdAt,
  ];
}

/** The store's customers as CSV, newest first, read page by page. Call after the owner check. */
export async function customersCsv(db: Executor, store: { id: string; currency: string }): Promise<string> {
  const rows: string[][] = [];
  let cursor: string | undefined;
  do {
    const page = await listCustomers(db, { storeId: store.id, cursor, limit: 1000 });
    for (const customer of page.customers) rows.push(toRow(customer, store.currency));
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return stringify(rows, { header: true, columns: [...CUSTOMER_CSV_COLUMNS] });
}
