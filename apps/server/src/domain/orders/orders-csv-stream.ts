import { DEFAULT_TIME_ZONE, formatInTimeZone, toMajorUnits } from '@shopfront/core';
import { eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { Readable } from 'node:stream';
import type { Executor } from '#src/db/executor.ts';
import { customers, orders, stores } from '#src/db/schema/index.ts';
import { laterInstalmentCents } from '#src/domain/payment-plans/later-instalments.ts';
import { csvRecord } from './csv-record.ts';
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
  /** The order's amount plus a payment plan's later instalments charged so far (Amount is the first instalment's). */
  'Amount paid',
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
 * by keyset: 100 round trips for 100,000 orders (docs/selling.md "At 100,000 orders"). Read as
 * plain rows with the instants already ISO text: mapping 100,000 rows through the ORM was about a
 * third of the export's CPU.
 */
const CSV_PAGE_ROWS = 1_000;

type CsvRow = {
  id: string;
  createdAt: string;
  status: string;
  productTitle: string;
  customerName: string;
  customerEmail: string;
  amountCents: number;
  currency: string;
  refundedAt: string | null;
  refundedCents: number;
  downloadCount: number;
  laterCents: number;
  laterRefundedCents: number;
};

/** A payment plan's later instalments (decision 047): in Amount paid, and their refunds in Refunded amount. */
const later = laterInstalmentCents(orders.id);

const isoText = (column: AnyPgColumn) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

async function csvPage(db: Executor, filter: OrderFilter, afterOrderId: string | undefined, rows = CSV_PAGE_ROWS): Promise<CsvRow[]> {
  const after = afterOrderId ? sql` and ${olderThanOrder(filter.storeId, afterOrderId)}` : sql``;
  const page = await db.execute<CsvRow>(sql`
    select ${orders.id} as "id", ${isoText(orders.createdAt)} as "createdAt", ${orders.status} as "status",
           ${orders.productTitle} as "productTitle", ${customers.name} as "customerName", ${customers.email} as "customerEmail",
           ${orders.amountCents} as "amountCents", ${orders.currency} as "currency", ${isoText(orders.refundedAt)} as "refundedAt",
           ${orders.refundedCents} as "refundedCents", ${orderColumns.downloadCount} as "downloadCount",
           ${later.chargedCents} as "laterCents", ${later.refundedCents} as "laterRefundedCents"
    from ${orders} join ${customers} on ${customers.id} = ${orders.customerId}
    where ${orderConditions(filter)}${after}
    order by ${orders.createdAt} desc, ${orders.id} desc
    limit ${rows}`);
  return page.rows;
}

function toRecord(order: CsvRow, timeZone: string): string[] {
  return [
    order.id,
    csvDate(order.createdAt, timeZone),
    order.status,
    order.productTitle,
    order.customerName,
    order.customerEmail,
    toMajorUnits(order.amountCents, order.currency),
    order.currency,
    order.refundedAt ? csvDate(order.refundedAt, timeZone) : '',
    String(order.downloadCount),
    toMajorUnits(order.refundedCents + order.laterRefundedCents, order.currency),
    toMajorUnits(order.amountCents + order.laterCents, order.currency),
  ].map(neutraliseCell);
}

/**
 * Every order of the filter as CSV, newest first, read page by page (not held in memory at once).
 * The range is checked before the first byte, so a bad range is a normal error reply.
 * Call only after the caller's ownership of the store was checked.
 */
export function ordersCsvStream(db: Executor, filter: OrderFilter, options: { pageRows?: number } = {}): Readable {
  orderRange(filter);
  // Pulled as the client reads (back-pressure): a page's text is made only when the last one has left.
  return Readable.from(csvChunks(db, filter, options.pageRows ?? CSV_PAGE_ROWS), { objectMode: false });
}

/** The header, then one string per page; the next page is read from the database while this one is sent. */
async function* csvChunks(db: Executor, filter: OrderFilter, pageRows: number): AsyncGenerator<string> {
  yield csvRecord(ORDER_CSV_COLUMNS);
  const [store] = await db.select({ timeZone: stores.timeZone }).from(stores).where(eq(stores.id, filter.storeId)).limit(1);
  const timeZone = store?.timeZone ?? DEFAULT_TIME_ZONE;
  let next: Promise<CsvRow[]> | undefined = prefetch(csvPage(db, filter, undefined, pageRows));
  while (next) {
    const page: CsvRow[] = await next;
    next = page.length === pageRows ? prefetch(csvPage(db, filter, page.at(-1)!.id, pageRows)) : undefined;
    let text = '';
    for (const order of page) text += csvRecord(toRecord(order, timeZone));
    if (text) yield text;
  }
}

/** A page read ahead may be abandoned (the client left): its failure is then nobody's to handle. */
function prefetch(page: PromiseLike<CsvRow[]>): Promise<CsvRow[]> {
  const promise = Promise.resolve(page);
  promise.catch(() => {});
  return promise;
}
