import { COMMERCE_LIMITS, DEFAULT_TIME_ZONE, formatInTimeZone, toMajorUnits, type Order } from '@shopfront/core';
import { eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import type { Executor } from '#src/db/executor.ts';
import { stores } from '#src/db/schema/index.ts';
import { findOrders } from './list-orders.ts';
import { orderRange, type OrderFilter } from './order-range.ts';

export const ORDER_CSV_COLUMNS = [
  'Order ID',
  'Date',
  'Status',
  'Product',
  'Customer name',
  'Customer email',
  'Amount',
  'Currency',
  'Refunded at',
  'Downloads',
  /** Last, so spreadsheets built on the earlier columns keep their places. Major units, like Amount. */
  'Refunded amount',
] as const;

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, CR) starts with a quote
 * instead (OWASP "CSV injection"): names and titles are typed by buyers and creators.
 */
export function neutraliseCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}


/** A UTC store keeps ISO `…Z` dates; any other zone gets its wall clock with the offset. */
function csvDate(iso: string, timeZone: string): string {
  return timeZone === DEFAULT_TIME_ZONE ? iso : formatInTimeZone(new Date(iso), timeZone);
}

function toRecord(order: Order, timeZone: string): string[] {
  return [
    order.id,
    csvDate(order.createdAt, timeZone),
    order.status,
    order.product.title,
    order.customer.name,
    order.customer.email,
    toMajorUnits(order.amountCents, order.currency),
    order.currency,
    order.refundedAt ? csvDate(order.refundedAt, timeZone) : '',
    String(order.downloadCount),
    toMajorUnits(order.refundedCents, order.currency),
  ].map(neutraliseCell);
}

/**
 * Every order of the filter as CSV, newest first, read page by page (not held in memory at once).
 * The range is checked before the first byte, so a bad range is a normal error reply.
 * Call only after the caller's ownership of the store was checked.
 */
export function ordersCsvStream(db: Executor, filter: OrderFilter): Readable {
  orderRange(filter);
  const csv = stringify({ header: true, columns: [...ORDER_CSV_COLUMNS] });
  void (async () => {
    const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, filter.storeId)).limit(1);
    const timeZone = store?.timeZone ?? DEFAULT_TIME_ZONE;
    let cursor: string | undefined;
    do {
      const page = await findOrders(db, { ...filter, cursor, limit: COMMERCE_LIMITS.pageSizeMax });
      for (const order of page.orders) {
        if (!csv.write(toRecord(order, timeZone))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      cursor = page.nextCursor ?? undefined;
    } while (cursor && !csv.destroyed);
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}
