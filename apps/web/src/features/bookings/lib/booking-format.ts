import type { BookingStatus, CreatorBooking } from '@shopfront/core';
import { dateTimeLabel, timeLabel, zoneName } from './zoned-time.ts';

export const STATUS_LABELS: Readonly<Record<BookingStatus, { label: string; className: string }>> = {
  held: { label: 'Held', className: 'bg-amber-50 text-amber-800 ring-amber-200' },
  confirmed: { label: 'Confirmed', className: 'bg-emerald-50 text-emerald-800 ring-emerald-200' },
  cancelled: { label: 'Cancelled', className: 'bg-slate-100 text-slate-700 ring-slate-300' },
  no_show: { label: 'No-show', className: 'bg-rose-50 text-rose-800 ring-rose-200' },
  expired: { label: 'Expired', className: 'bg-slate-100 text-slate-600 ring-slate-200' },
};

/** "Mon, Dec 7, 9:00 AM – 9:30 AM" in the store's zone. */
export function whenLabel(booking: Pick<CreatorBooking, 'startsAt' | 'endsAt'>, timeZone: string): string {
  return `${dateTimeLabel(booking.startsAt, timeZone)} – ${timeLabel(booking.endsAt, timeZone)}`;
}

/** "3:00 AM their time (America/New York)", or null when the buyer booked in the store's zone. */
export function buyerTimeLabel(booking: Pick<CreatorBooking, 'startsAt' | 'buyerTimeZone'>, timeZone: string): string | null {
  if (!booking.buyerTimeZone || booking.buyerTimeZone === timeZone) return null;
  return `${timeLabel(booking.startsAt, booking.buyerTimeZone)} their time (${zoneName(booking.buyerTimeZone)})`;
}

/** Who the booking is for, as a short name. */
export const buyerOf = (booking: Pick<CreatorBooking, 'buyerName' | 'buyerEmail'>) => booking.buyerName || booking.buyerEmail;
