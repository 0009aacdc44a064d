// Exports bookingInvite and bookingFeed: bookings as iCalendar text (ical-generator, decision 043).
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { DateTime } from 'luxon';
import ical, { ICalAttendeeRole, ICalAttendeeStatus, ICalCalendarMethod, ICalEventStatus, type ICalCalendar } from 'ical-generator';
import type { BookingRow, CallLocationKind, IntakeQuestion } from '#src/db/schema/index.ts';

type InviteBooking = Pick<BookingRow, 'id' | 'startsAt' | 'endsAt' | 'status' | 'sequence' | 'buyerName' | 'buyerEmail' | 'answers'>;

export interface CallDetails {
  productTitle: string;
  locationKind: CallLocationKind;
  locationValue: string | null;
}

export interface InviteContext extends CallDetails {
  storeName: string;
  /** The creator's address, the invite's organizer. */
  organizerEmail: string;
  /** The zone the times are written in: the recipient's. */
  timeZone: string;
  now: Date;
}

/** The same UID for every version of one booking, so a reschedule or cancellation updates the event. */
export function bookingUid(bookingId: string): string {
  return `${bookingId}@bookings.shopfront`;
}

/** What the calendar shows as the place; a per-booking link is null until it is made. */
export function callLocation(details: Pick<CallDetails, 'locationKind' | 'locationValue'>): string | null {
  if (details.locationKind === 'phone' && details.locationValue) return `Phone: ${details.locationValue}`;
  return details.locationValue;
}

/** The invite sent to either side: REQUEST while booked, CANCEL once cancelled, with SEQUENCE from the row. */
export function bookingInvite(booking: InviteBooking, context: InviteContext): string {
  const cancelled = booking.status === 'cancelled';
  const calendar = newCalendar(context.storeName, cancelled ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.REQUEST);
  calendar.createEvent({
    id: bookingUid(booking.id),
    sequence: booking.sequence,
    stamp: utc(context.now),
    ...eventTimes(booking, context.timeZone),
    summary: `${context.productTitle} (${context.storeName})`,
    location: callLocation(context),
    organizer: { name: context.storeName, email: context.organizerEmail },
    attendees: [{ name: booking.buyerName || booking.buyerEmail, email: booking.buyerEmail, role: ICalAttendeeRole.REQ, status: ICalAttendeeStatus.ACCEPTED }],
    status: cancelled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
  });
  return withZone(calendar, context.timeZone);
}

export interface FeedRow {
  booking: InviteBooking;
  call: CallDetails & { intakeQuestions: IntakeQuestion[] };
}

/**
 * The creator's private feed: each booked call with the buyer and their answers. Cancelled and
 * unpaid ones are left out (a subscribed calendar drops what the feed no longer lists).
 */
export function bookingFeed(rows: FeedRow[], context: { storeName: string; timeZone: string; now: Date }): string {
  const calendar = newCalendar(`${context.storeName} bookings`, null);
  for (const { booking, call } of rows) {
    if (booking.status !== 'confirmed' && booking.status !== 'no_show') continue;
    const answers = call.intakeQuestions.flatMap((question) => (booking.answers[question.id] ? [`${question.label}: ${booking.answers[question.id]}`] : []));
    calendar.createEvent({
      id: bookingUid(booking.id),
      sequence: booking.sequence,
      stamp: utc(context.now),
      ...eventTimes(booking, context.timeZone),
      summary: `${call.productTitle} with ${booking.buyerName || booking.buyerEmail}`,
      description: [`${booking.buyerName} <${booking.buyerEmail}>`, ...answers, ...(booking.status === 'no_show' ? ['No-show'] : [])].join('\n'),
      location: callLocation(call),
      status: ICalEventStatus.CONFIRMED,
    });
  }
  return withZone(calendar, context.timeZone);
}

function newCalendar(name: string, method: ICalCalendarMethod | null): ICalCalendar {
  return ical({ name, prodId: { company: 'Shopfront', product: 'Bookings', language: 'EN' }, method });
}

/**
 * The calendar text with the zone's VTIMEZONE before the first event. ical-generator adds one only
 * with a calendar-wide zone, and then writes DTSTAMP as a floating local time; RFC 5545 wants it in
 * UTC, so the zone stays on the events and its definition is added here.
 */
function withZone(calendar: ICalCalendar, zone: string): string {
  const text = calendar.toString();
  const definition = getVtimezoneComponent(zone);
  const first = text.indexOf('BEGIN:VEVENT');
  if (!definition || first === -1) return text;
  return text.slice(0, first) + definition.replace(/\r?\n/g, '\r\n').replace(/(\r\n)?$/, '\r\n') + text.slice(first);
}

/**
 * Start and end as local times in `zone` (TZID), or in UTC when either falls in the hour a
 * fall-back night repeats: a local 01:30 there names two instants and clients take the first.
 * Luxon values, because ical-generator writes a plain Date with the server's own clock fields.
 */
function eventTimes(booking: Pick<BookingRow, 'startsAt' | 'endsAt'>, zone: string) {
  const start = DateTime.fromJSDate(booking.startsAt, { zone });
  const end = DateTime.fromJSDate(booking.endsAt, { zone });
  if (start.getPossibleOffsets().length > 1 || end.getPossibleOffsets().length > 1) return { start: utc(booking.startsAt), end: utc(booking.endsAt), timezone: null };
  return { start, end, timezone: zone };
}

function utc(instant: Date): DateTime {
  return DateTime.fromJSDate(instant, { zone: 'UTC' });
}
