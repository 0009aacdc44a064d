import { DEFAULT_TIME_ZONE, formatInTimeZone, toMajorUnits } from '@shopfront/core';
import { and, desc, eq } from 'drizzle-orm';
import { stringify } from 'csv-stringify';
import type { Readable } from 'node:stream';
import type { Executor } from '#src/db/executor.ts';
import { customers, orders, stores } from '#src/db/schema/index.ts';
import { olderThanOrder } from './list-orders.ts';
import { orderConditions, orderRange, type OrderFilter } from './order-range.ts';
import { orderColumns } from './order-view.ts';

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

/**
 * Only what a row of the file shows (not the refunds and lines an Order carries), in pages of 1,000
 * by keyset: 100 round trips for 100,000 orders (docs/selling.md "At 100,000 orders").
 */
const CSV_PAGE_ROWS = 1_000;
const csvColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  productTitle: orders.productTitle,
  customerName: customers.name,
  customerEmail: customers.email,
  amountCents: orders.amountCents,
  currency: orders.currency,
  refundedAt: orders.refundedAt,
  refundedCents: orders.refundedCents,
  downloadCount: orderColumns.downloadCount,
};

function csvPage(db: Executor, filter: OrderFilter, afterOrderId: string | undefined, rows = CSV_PAGE_ROWS) {
  return db
    .select(csvColumns)
    .from(orders)
    .innerJoin(customers, eq(customers.id, orders.customerId))
    .where(and(orderConditions(filter), afterOrderId ? olderThanOrder(filter.storeId, afterOrderId) : undefined))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(rows);
}

type CsvRow = Awaited<ReturnType<typeof csvPage>>[number];

function toRecord(order: CsvRow, timeZone: string): string[] {
  return [
    order.id,
    csvDate(order.createdAt.toISOString(), timeZone),
    order.status,
    order.productTitle,
    order.customerName,
    order.customerEmail,
    toMajorUnits(order.amountCents, order.currency),
    order.currency,
    order.refundedAt ? csvDate(order.refundedAt.toISOString(), timeZone) : '',
    String(order.downloadCount),
    toMajorUnits(order.refundedCents, order.currency),
  ].map(neutraliseCell);
}

/**
 * Every order of the filter as CSV, newest first, read page by page (not held in memory at once).
 * The range is checked before the first byte, so a bad range is a normal error reply.
 * Call only after the caller's ownership of the store was checked.
 */
export function ordersCsvStream(db: Executor, filter: OrderFilter, options: { pageRows?: number } = {}): Readable {
  const pageRows = options.pageRows ?? CSV_PAGE_ROWS;
  orderRange(filter);
  const csv = stringify({ header: true, columns: [...ORDER_CSV_COLUMNS] });
  void (async () => {
    const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, filter.storeId)).limit(1);
    const timeZone = store?.timeZone ?? DEFAULT_TIME_ZONE;
    let after: string | undefined;
    do {
      const page = await csvPage(db, filter, after, pageRows);
      for (const order of page) {
        if (!csv.write(toRecord(order, timeZone))) await new Promise((resolve) => csv.once('drain', resolve));
      }
      after = page.length === pageRows ? page.at(-1)!.id : undefined;
    } while (after && !csv.destroyed);
    csv.end();
  })().catch((error: unknown) => csv.destroy(error as Error));
  return csv;
}
