import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingFeeds } from '#src/db/schema/index.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { seedCustomer, seedOrder, seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { bookingFeedForToken, createBookingFeedToken, revokeBookingFeed } from './booking-feed.ts';
import { bookingUid } from './booking-ics.ts';
import { confirmBooking } from './confirm-booking.ts';
import { holdSlot } from './hold-slot.ts';

const NOW = new Date('2030-06-03T06:00:00.000Z');
const TUESDAY_9 = new Date('2030-06-04T07:00:00.000Z');

const uids = (text: string | null) =>
  Object.values(ical.sync.parseICS(text ?? ''))
    .filter((component): component is VEvent => component?.type === 'VEVENT')
    .map((event) => event.uid);

describe('the creator’s calendar feed', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  const confirmed: Record<string, string> = {};

  async function book(store: SeededStore, productId: string, startsAt: Date, hold = false): Promise<string> {
    const held = await holdSlot(t.db, { storeId: store.id, productId, startsAt, buyerEmail: 'ann@example.com', buyerName: 'Ann', buyerTimeZone: 'UTC', holdExpiresAt: new Date(NOW.getTime() + 600_000), now: NOW });
    if (hold) return held.id;
    const customer = await seedCustomer(t, store.id);
    const order = await seedOrder(t, { storeId: store.id, productId, customerId: customer.id });
    return (await confirmBooking(t.db, { storeId: store.id, bookingId: held.id, orderId: order.id, now: NOW })).id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    for (const store of [a, b]) await seedAvailability(t, store.id);
    const [callA, callB] = [await seedCallProduct(t, a.id), await seedCallProduct(t, b.id)];
    confirmed.a = await book(a, callA, TUESDAY_9);
    confirmed.b = await book(b, callB, TUESDAY_9);
    // A hold not yet paid is left out of the feed.
    await book(a, callA, new Date('2030-06-04T07:45:00.000Z'), true);
  });
  afterAll(() => t?.close());

  it('answers the store’s booked calls for its token, and nothing of another store', async () => {
    const token = await createBookingFeedToken(t.db, { storeId: a.id, now: NOW });
    expect(token).toMatch(/^[\w-]{43}$/);
    const [row] = await t.db.select().from(bookingFeeds).where(eq(bookingFeeds.storeId, a.id));
    expect(row?.tokenHash).not.toContain(token);
    expect(uids(await bookingFeedForToken(t.db, { token, now: NOW }))).toEqual([bookingUid(confirmed.a!)]);
  });

  it('stops the old URL when a new token is made, and every URL when the feed is revoked', async () => {
    const first = await createBookingFeedToken(t.db, { storeId: a.id, now: NOW });
    const second = await createBookingFeedToken(t.db, { storeId: a.id, now: NOW });
    expect(await bookingFeedForToken(t.db, { token: first, now: NOW })).toBeNull();
    expect(uids(await bookingFeedForToken(t.db, { token: second, now: NOW }))).toHaveLength(1);
    await revokeBookingFeed(t.db, { storeId: a.id });
    expect(await bookingFeedForToken(t.db, { token: second, now: NOW })).toBeNull();
    expect(await bookingFeedForToken(t.db, { token: 'x'.repeat(43), now: NOW })).toBeNull();
  });

  it('keeps each store’s feed to itself', async () => {
    const tokenB = await createBookingFeedToken(t.db, { storeId: b.id, now: NOW });
    expect(uids(await bookingFeedForToken(t.db, { token: tokenB, now: NOW }))).toEqual([bookingUid(confirmed.b!)]);
  });
});
