import ical, { type VEvent } from 'node-ical';
import { describe, expect, it } from 'vitest';
import { bookingFeed, bookingInvite, bookingUid, type InviteContext } from './booking-ics.ts';

const booking = {
  id: 'bkg_one',
  startsAt: new Date('2026-03-30T07:00:00Z'),
  endsAt: new Date('2026-03-30T07:30:00Z'),
  status: 'confirmed' as const,
  sequence: 0,
  buyerName: 'Ann Buyer',
  buyerEmail: 'ann@example.com',
  answers: { goal: 'Launch my course' },
};
const context: InviteContext = {
  productTitle: 'Strategy call',
  storeName: 'Studio K',
  organizerEmail: 'kim@example.com',
  locationKind: 'video-url',
  locationValue: 'https://meet.example.com/kim',
  timeZone: 'America/New_York',
  now: new Date('2026-03-01T12:00:00Z'),
};

function parse(text: string) {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((component): component is VEvent => component?.type === 'VEVENT');
  const zones = Object.values(parsed).filter((component) => component?.type === 'VTIMEZONE');
  return { events, zones, calendar: parsed.vcalendar as unknown as Record<string, string> };
}

describe('bookingInvite', () => {
  it('writes the call in the recipient’s zone with its definition, organizer, attendee and place', () => {
    const text = bookingInvite(booking, context);
    // 07:00 UTC on 2026-03-30 is 03:00 in New York (EDT).
    expect(text).toContain('DTSTART;TZID=America/New_York:20260330T030000');
    expect(text).toContain('DTSTAMP:20260301T120000Z');
    const { events, zones, calendar } = parse(text);
    expect(calendar.method).toBe('REQUEST');
    expect(zones.map((zone) => (zone as unknown as { tzid: string }).tzid)).toEqual(['America/New_York']);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event!.start.toISOString()).toBe('2026-03-30T07:00:00.000Z');
    expect(event!.end?.toISOString()).toBe('2026-03-30T07:30:00.000Z');
    expect(event!.uid).toBe('bkg_one@bookings.shopfront');
    expect(event!.location).toBe('https://meet.example.com/kim');
    expect(event!.summary).toBe('Strategy call (Studio K)');
    expect(event!.organizer).toMatchObject({ params: { CN: 'Studio K' }, val: 'mailto:kim@example.com' });
    expect(event!.attendee).toMatchObject({ params: { CN: 'Ann Buyer' }, val: 'MAILTO:ann@example.com' });
    // The creator's copy of the same call, in Berlin (CEST since 2026-03-29).
    expect(bookingInvite(booking, { ...context, timeZone: 'Europe/Berlin' })).toContain('DTSTART;TZID=Europe/Berlin:20260330T090000');
  });

  it('keeps the UID through a reschedule and a cancellation, with the sequence from the row', () => {
    const moved = parse(bookingInvite({ ...booking, startsAt: new Date('2026-03-31T07:00:00Z'), endsAt: new Date('2026-03-31T07:30:00Z'), sequence: 1 }, context)).events[0]!;
    expect(moved.uid).toBe(bookingUid('bkg_one'));
    expect(moved.sequence).toBe(1);
    expect(moved.start.toISOString()).toBe('2026-03-31T07:00:00.000Z');
    const cancelled = parse(bookingInvite({ ...booking, status: 'cancelled', sequence: 2 }, context));
    expect(cancelled.calendar.method).toBe('CANCEL');
    expect(cancelled.events[0]).toMatchObject({ uid: bookingUid('bkg_one'), status: 'CANCELLED', sequence: 2 });
  });

  it('writes a call in the hour a fall-back night repeats in UTC, so it is not read as the first 01:30', () => {
    // 06:30 UTC on 2026-11-01 is the second 01:30 in New York (EST).
    const text = bookingInvite({ ...booking, startsAt: new Date('2026-11-01T06:30:00Z'), endsAt: new Date('2026-11-01T07:00:00Z') }, context);
    expect(text).toContain('DTSTART:20261101T063000Z');
    expect(parse(text).events[0]!.start.toISOString()).toBe('2026-11-01T06:30:00.000Z');
    // The day after, the zone is used again.
    expect(bookingInvite({ ...booking, startsAt: new Date('2026-11-02T06:30:00Z'), endsAt: new Date('2026-11-02T07:00:00Z') }, context)).toContain('DTSTART;TZID=America/New_York:20261102T013000');
  });

  it('names a phone call’s number as the place', () => {
    const event = parse(bookingInvite(booking, { ...context, locationKind: 'phone', locationValue: '+1 212 555 0100' })).events[0]!;
    expect(event.location).toBe('Phone: +1 212 555 0100');
  });
});

describe('bookingFeed', () => {
  const call = { productTitle: 'Strategy call', locationKind: 'in-person' as const, locationValue: 'Torstraße 1, Berlin', intakeQuestions: [{ id: 'goal', label: 'Your goal', kind: 'short-text' as const, required: true }] };

  it('lists booked and no-show calls with the buyer and their answers, never cancelled, expired or unpaid ones', () => {
    const rows = (['confirmed', 'no_show', 'cancelled', 'expired', 'held'] as const).map((status, index) => ({ booking: { ...booking, id: `bkg_${status}`, status, startsAt: new Date(booking.startsAt.getTime() + index * 3_600_000), endsAt: new Date(booking.endsAt.getTime() + index * 3_600_000) }, call }));
    const { events, calendar } = parse(bookingFeed(rows, { storeName: 'Studio K', timeZone: 'Europe/Berlin', now: context.now }));
    expect(calendar.method).toBeUndefined();
    expect(events.map((event) => event.uid)).toEqual([bookingUid('bkg_confirmed'), bookingUid('bkg_no_show')]);
    expect(events[0]).toMatchObject({ summary: 'Strategy call with Ann Buyer', location: 'Torstraße 1, Berlin' });
    expect(events[0]!.description).toBe('Ann Buyer <ann@example.com>\nYour goal: Launch my course');
    expect(events[1]!.description).toContain('No-show');
  });

  it('is a valid empty calendar with no bookings', () => {
    const text = bookingFeed([], { storeName: 'Studio K', timeZone: 'Europe/Berlin', now: context.now });
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(parse(text).events).toEqual([]);
  });
});
