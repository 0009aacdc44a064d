import { AppError, MESSAGES } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { bookings, jobs } from '#src/db/schema/index.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { seedStore, type SeededStore } from '#src/testing/orders.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { BOOKING_MESSAGES } from './booking-messages.ts';
import { findOpenSlots, OPEN_SLOTS_MAX_DAYS } from './find-open-slots.ts';
import { holdSlot, type HoldSlotInput } from './hold-slot.ts';
import { createReleaseBookingHoldJob, RELEASE_BOOKING_HOLD_KIND } from './release-holds.ts';
import { refusal } from '#src/testing/refusal.ts';

const MINUTE = 60_000;
// Monday 08:00 in Berlin; Tuesday's calls start 07:00, 07:45, 08:30 and 09:15 UTC.
const NOW = new Date('2030-06-03T06:00:00.000Z');
const TUESDAY_9 = new Date('2030-06-04T07:00:00.000Z');

/** Waits (no sleep-for-timing: it polls the exact state) until `count` sessions wait on a lock. */
async function waitForLockWaiters(t: TestApp, count: number): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const result = await t.db.execute(sql`select count(*)::int as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`);
    if ((result.rows[0] as { waiting: number }).waiting >= count) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
  throw new Error('no session waited on the lock');
}

describe('holding a slot through the database', () => {
  let t: TestApp;
  let a: SeededStore;
  let b: SeededStore;
  let callA: string;
  let callA2: string;
  let callB: string;
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp();
    [a, b] = [await seedStore(t), await seedStore(t)];
    callA = await seedCallProduct(t, a.id);
    callA2 = await seedCallProduct(t, a.id, { durationMinutes: 60, bufferAfterMinutes: 0, locationKind: 'phone', locationValue: '+49 30 1234567' });
    callB = await seedCallProduct(t, b.id);
    await seedAvailability(t, a.id);
    await seedAvailability(t, b.id);
  });
  afterAll(() => t?.close());

  const hold = (overrides: Partial<HoldSlotInput> = {}) =>
    holdSlot(t.db, { storeId: a.id, productId: callA, startsAt: TUESDAY_9, buyerEmail: `buyer${++n}@example.com`, buyerTimeZone: 'America/New_York', holdExpiresAt: new Date(NOW.getTime() + 30 * MINUTE), now: NOW, ...overrides });
  const weekLater = (date: Date, weeks: number) => new Date(date.getTime() + weeks * 7 * 24 * 60 * MINUTE);

  it('holds an offered time with its buffer, and queues its release at the hold’s expiry', async () => {
    const row = await hold();
    expect(row).toMatchObject({ status: 'held', startsAt: TUESDAY_9, endsAt: new Date(TUESDAY_9.getTime() + 30 * MINUTE), blockedUntil: new Date(TUESDAY_9.getTime() + 45 * MINUTE), buyerTimeZone: 'America/New_York' });
    const [job] = await t.db.select().from(jobs).where(and(eq(jobs.kind, RELEASE_BOOKING_HOLD_KIND), eq(jobs.idempotencyKey, `${RELEASE_BOOKING_HOLD_KIND}:${row.id}`)));
    expect(job?.runAt).toEqual(new Date(NOW.getTime() + 30 * MINUTE));
  });

  it('refuses the same time for any product of the store, but not in another store', async () => {
    // The first hold took Tuesday 09:00: neither product offers it any more.
    expect(await refusal(hold({ productId: callA2 }))).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.slotNotOffered });
    expect(await refusal(hold())).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.slotNotOffered });
    const elsewhere = await holdSlot(t.db, { storeId: b.id, productId: callB, startsAt: TUESDAY_9, buyerEmail: 'x@example.com', buyerTimeZone: 'UTC', holdExpiresAt: new Date(NOW.getTime() + MINUTE), now: NOW });
    expect(elsewhere.status).toBe('held');
  });

  it('turns the constraint’s refusal into a clear message when a rival commits between the check and the insert', async () => {
    const startsAt = weekLater(TUESDAY_9, 1);
    let commitRival!: () => void;
    let rivalInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (rivalInserted = resolve));
    const rival = t.db.transaction(async (tx) => {
      await tx.insert(bookings).values({ id: newId('bkg'), storeId: a.id, productId: callA2, buyerEmail: 'rival@example.com', buyerTimeZone: 'UTC', startsAt, endsAt: new Date(startsAt.getTime() + 60 * MINUTE), blockedFrom: startsAt, blockedUntil: new Date(startsAt.getTime() + 60 * MINUTE), status: 'confirmed' });
      rivalInserted();
      await new Promise<void>((resolve) => (commitRival = resolve));
    });
    await inserted;
    // The rival's row is not committed, so the check passes and the insert waits on the constraint.
    const attempt = refusal(hold({ startsAt }));
    await waitForLockWaiters(t, 1);
    commitRival();
    await rival;
    expect(await attempt).toEqual({ code: 'already-exists', message: BOOKING_MESSAGES.slotTaken });
  });

  it('no longer offers the held time for any product of the store, and reads only a bounded range', async () => {
    const tuesday = { storeId: a.id, from: new Date('2030-06-04T00:00:00Z'), to: new Date('2030-06-05T00:00:00Z'), buyerTimeZone: 'America/New_York', now: NOW };
    const shown = async (productId: string) => (await findOpenSlots(t.db, { ...tuesday, productId })).flatMap((day) => day.slots.map((slot) => `${day.date} ${slot.time}`));
    // 07:00 UTC is 03:00 in New York: held, so neither product offers it; the 60-minute call's next start is 10:00 Berlin.
    expect(await shown(callA)).toEqual(['2030-06-04 03:45', '2030-06-04 04:30', '2030-06-04 05:15']);
    expect(await shown(callA2)).toEqual(['2030-06-04 04:00', '2030-06-04 05:00']);
    expect(await refusal(findOpenSlots(t.db, { ...tuesday, productId: callB }))).toEqual({ code: 'not-found', message: MESSAGES.generic.notFound });
    const longest = { ...tuesday, productId: callA, to: new Date(tuesday.from.getTime() + OPEN_SLOTS_MAX_DAYS * 86_400_000) };
    expect((await findOpenSlots(t.db, longest)).length).toBeGreaterThan(20);
    expect(await refusal(findOpenSlots(t.db, { ...longest, to: new Date(longest.to.getTime() + 1) }))).toEqual({ code: 'invalid-argument', message: BOOKING_MESSAGES.rangeTooLong(42) });
  });

  it('refuses a time not offered: off the grid, a weekend, inside the notice, an unknown or other store’s product', async () => {
    const notOffered = { code: 'failed-precondition', message: BOOKING_MESSAGES.slotNotOffered };
    expect(await refusal(hold({ startsAt: weekLater(new Date('2030-06-04T07:10:00Z'), 1) }))).toEqual(notOffered);
    expect(await refusal(hold({ startsAt: new Date('2030-06-08T07:00:00Z') }))).toEqual(notOffered);
    const tuesday1030 = new Date('2030-06-11T08:30:00.000Z');
    expect(await refusal(hold({ startsAt: tuesday1030, now: new Date(tuesday1030.getTime() + 1), holdExpiresAt: new Date(tuesday1030.getTime() + MINUTE) }))).toEqual(notOffered);
    const notFound = { code: 'not-found', message: MESSAGES.generic.notFound };
    expect(await refusal(hold({ productId: newId('prd') }))).toEqual(notFound);
    expect(await refusal(hold({ productId: callB }))).toEqual(notFound);
    expect(await refusal(hold({ buyerTimeZone: 'Mars/Olympus' }))).toMatchObject({ code: 'invalid-argument' });
  });

  it('lets PostgreSQL itself refuse overlapping held or confirmed time, buffers included, but not ended bookings', async () => {
    const row = (from: string, until: string, status: 'held' | 'confirmed' | 'cancelled' | 'expired') => ({
      id: newId('bkg'), storeId: a.id, productId: callA2, buyerEmail: 'raw@example.com', buyerTimeZone: 'UTC', startsAt: new Date(from), endsAt: new Date(until),
      blockedFrom: new Date(from), blockedUntil: new Date(until), status, holdExpiresAt: status === 'held' ? new Date('2030-07-01T00:00:00Z') : null,
    });
    await t.db.insert(bookings).values(row('2030-06-05T07:00:00Z', '2030-06-05T07:45:00Z', 'confirmed'));
    await expect(t.db.insert(bookings).values(row('2030-06-05T07:44:00Z', '2030-06-05T08:00:00Z', 'held'))).rejects.toMatchObject({ cause: { code: '23P01', constraint: 'bookings_no_overlap' } });
    await t.db.insert(bookings).values(row('2030-06-05T07:45:00Z', '2030-06-05T08:00:00Z', 'held'));
    await t.db.insert(bookings).values(row('2030-06-05T07:10:00Z', '2030-06-05T07:20:00Z', 'cancelled'));
    await t.db.insert(bookings).values(row('2030-06-05T07:10:00Z', '2030-06-05T07:20:00Z', 'expired'));
  });

  it('gives one of two simultaneous holds of one time across two products, the other a clear refusal', async () => {
    for (const weeks of [2, 3, 4, 5, 6]) {
      const startsAt = weekLater(TUESDAY_9, weeks);
      const results = await Promise.allSettled([hold({ startsAt }), hold({ productId: callA2, startsAt })]);
      const won = results.filter((result) => result.status === 'fulfilled');
      const lost = results.flatMap((result) => (result.status === 'rejected' ? [result.reason as unknown] : []));
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(1);
      // The loser either saw the winner's row before checking or was stopped by the constraint.
      expect(lost[0]).toBeInstanceOf(AppError);
      expect([BOOKING_MESSAGES.slotTaken, BOOKING_MESSAGES.slotNotOffered]).toContain((lost[0] as AppError).message);
      const rows = await t.db.select().from(bookings).where(and(eq(bookings.storeId, a.id), eq(bookings.startsAt, startsAt)));
      expect(rows.map((r) => r.status)).toEqual(['held']);
    }
  });

  it('frees the time when the hold expires: refused a millisecond before, held again at the expiry', async () => {
    const startsAt = weekLater(TUESDAY_9, 7);
    const expiresAt = new Date(NOW.getTime() + 10 * MINUTE);
    const first = await hold({ startsAt, holdExpiresAt: expiresAt });
    expect(await refusal(hold({ startsAt, now: new Date(expiresAt.getTime() - 1) }))).toMatchObject({ code: 'failed-precondition' });
    const second = await hold({ startsAt, now: expiresAt, holdExpiresAt: new Date(expiresAt.getTime() + 10 * MINUTE) });
    expect(second.status).toBe('held');
    const [released] = await t.db.select().from(bookings).where(eq(bookings.id, first.id));
    expect(released?.status).toBe('expired');
  });

  it('releases a hold through its job only once it is due', async () => {
    const startsAt = weekLater(TUESDAY_9, 8);
    const expiresAt = new Date(NOW.getTime() + 10 * MINUTE);
    const held = await hold({ startsAt, holdExpiresAt: expiresAt });
    const job = createReleaseBookingHoldJob({ db: t.db });
    const run = (now: Date) => job.run({ payload: { bookingId: held.id } } as never, { now: () => now } as never);
    await run(new Date(expiresAt.getTime() - 1));
    expect((await t.db.select().from(bookings).where(eq(bookings.id, held.id)))[0]?.status).toBe('held');
    await run(expiresAt);
    expect((await t.db.select().from(bookings).where(eq(bookings.id, held.id)))[0]?.status).toBe('expired');
  });

  it('asks the product’s required questions', async () => {
    const asking = await seedCallProduct(t, a.id, { intakeQuestions: [{ id: 'goal', label: 'What would you like to work on?', kind: 'long-text', required: true }] });
    const startsAt = new Date('2030-06-04T08:30:00.000Z');
    expect(await refusal(hold({ productId: asking, startsAt, answers: { goal: '   ' } }))).toEqual({ code: 'invalid-argument', message: BOOKING_MESSAGES.answerRequired('What would you like to work on?') });
    expect(await refusal(hold({ productId: asking, startsAt, answers: { goal: 'x'.repeat(2001) } }))).toEqual({ code: 'invalid-argument', message: BOOKING_MESSAGES.answerTooLong });
    const held = await hold({ productId: asking, startsAt, answers: { goal: 'x'.repeat(2000), stray: 'ignored' } });
    expect(Object.keys(held.answers)).toEqual(['goal']);
  });
});
