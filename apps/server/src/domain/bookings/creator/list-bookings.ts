// Exports listStoreBookings and exportBookingsCsv: the dashboard's bookings list and its CSV.
import { BOOKING_LIMITS, type CreatorBooking } from '@shopfront/core';
import { DateTime } from 'luxon';
import type { Executor } from '#src/db/executor.ts';
import type { StoreRow } from '#src/db/schema/index.ts';
import { csvRecord } from '#src/domain/orders/csv-record.ts';
import { getAvailabilityView } from './availability-views.ts';
import { findBookings, type BookingFilter } from './booking-rows.ts';

type Store = Pick<StoreRow, 'id' | 'timeZone' | 'slug'>;

export async function listStoreBookings(db: Executor, store: Store, filter: Omit<BookingFilter, 'storeId'>, page: number) {
  const pageSize = BOOKING_LIMITS.bookingsPageSize;
  const { rows, total } = await findBookings(db, { ...filter, storeId: store.id }, { offset: (page - 1) * pageSize, limit: pageSize });
  const { timeZone } = await getAvailabilityView(db, store);
  return { bookings: rows, total, page, pageSize, timeZone };
}

export const BOOKINGS_CSV_HEADER = ['Start (store zone)', 'End (store zone)', 'Start (UTC)', 'Product', 'Buyer', 'Email', 'Buyer time zone', 'Status', 'Order', 'Answers', 'Booking'] as const;

/**
 * The filtered bookings as one CSV of at most BOOKING_LIMITS.exportRowsMax rows (`truncated` when
 * more matched). Cells a spreadsheet would run as a formula are prefixed with a quote.
 */
export async function exportBookingsCsv(db: Executor, store: Store, filter: Omit<BookingFilter, 'storeId'>, options: { maxRows?: number } = {}) {
  const max = options.maxRows ?? BOOKING_LIMITS.exportRowsMax;
  const { rows, total } = await findBookings(db, { ...filter, storeId: store.id }, { offset: 0, limit: max });
  const { timeZone } = await getAvailabilityView(db, store);
  const csv = csvRecord([...BOOKINGS_CSV_HEADER]) + rows.map((booking) => csvRecord(cells(booking, timeZone).map(noFormula))).join('');
  return { filename: `${store.slug}-bookings.csv`, csv, rows: rows.length, truncated: total > rows.length };
}

function cells(booking: CreatorBooking, zone: string): string[] {
  const local = (iso: string) => DateTime.fromISO(iso, { zone }).toFormat('yyyy-LL-dd HH:mm ZZ');
  return [
    local(booking.startsAt),
    local(booking.endsAt),
    booking.startsAt,
    booking.productTitle,
    booking.buyerName,
    booking.buyerEmail,
    booking.buyerTimeZone,
    booking.status,
    booking.orderId ?? '',
    booking.answers.map((answer) => `${answer.label}: ${answer.answer}`).join('\n'),
    booking.id,
  ];
}

const noFormula = (cell: string) => (/^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell);
