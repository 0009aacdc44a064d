import { MESSAGES } from '@shopfront/core';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { jobs } from '#src/db/schema/index.ts';
import type { ClaimedJob, JobRunContext } from '#src/jobs/types.ts';
import { seedAvailability, seedCallProduct } from '#src/testing/bookings.ts';
import { silentLog } from '#src/testing/log-capture.ts';
import { seedStore } from '#src/testing/orders.ts';
import { refusal } from '#src/testing/refusal.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { BOOKING_MESSAGES } from '../booking-messages.ts';
import { findOpenSlots } from '../find-open-slots.ts';
import { holdSlot } from '../hold-slot.ts';
import { CALENDAR_MESSAGES, CALENDAR_REFRESH_MS, MAX_CALENDAR_SOURCES } from './calendar-messages.ts';
import { createRefreshCalendarJob } from './calendar-refresh-job.ts';
import { addCalendarSource, listCalendarSources, removeCalendarSource } from './calendar-sources.ts';
import { icsOf, startCalendarStandIn } from './calendar-stand-in.ts';
import { REFRESH_CALENDAR_KIND, refreshCalendarSource } from './refresh-calendar-source.ts';

const NOW = new Date('2030-06-03T06:00:00.000Z');
/** Tuesday 2030-06-04 in Berlin: calls at 09:00, 09:45, 10:30 and 11:15 (07:00 UTC is 09:00 there). */
const TUESDAY = { from: new Date('2030-06-04T00:00:00.000Z'), to: new Date('2030-06-05T00:00:00.000Z') };
const MEETING = '2030-06-04T07:00/2030-06-04T08:00';

describe('busy times imported from the creator’s calendar', () => {
  let t: TestApp;
  let standIn: Awaited<ReturnType<typeof startCalendarStandIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    standIn = await startCalendarStandIn();
  });
  afterAll(async () => {
    await standIn?.close();
    await t?.close();
  });

  async function callStore() {
    const store = await seedStore(t);
    const callId = await seedCallProduct(t, store.id);
    await seedAvailability(t, store.id);
    const times = async () => (await findOpenSlots(t.db, { storeId: store.id, productId: callId, ...TUESDAY, buyerTimeZone: 'Europe/Berlin', now: NOW })).flatMap((day) => day.slots.map((slot) => slot.time));
    return { store, callId, times };
  }
  const add = (storeId: string, path: string) => addCalendarSource(t.db, { storeId, url: standIn.url(path), now: NOW, allowLoopback: true });
  const refresh = (sourceId: string, now = NOW, timeoutMs?: number) => refreshCalendarSource(t.db, { sourceId, now, allowLoopback: true, ...(timeoutMs ? { timeoutMs } : {}) });

  it('an imported busy time hides its slots (and cannot be held); removing the calendar brings them back', async () => {
    const { store, callId, times } = await callStore();
    expect(await times()).toEqual(['09:00', '09:45', '10:30', '11:15']);
    standIn.answer({ body: icsOf(MEETING) });
    const source = await add(store.id, '/hides.ics');
    expect(await refresh(source.id)).toBe('refreshed');
    expect(await times()).toEqual(['10:30', '11:15']);
    const held = holdSlot(t.db, { storeId: store.id, productId: callId, startsAt: new Date('2030-06-04T07:00:00.000Z'), buyerEmail: 'b@example.com', buyerTimeZone: 'Europe/Berlin', holdExpiresAt: new Date(NOW.getTime() + 1_800_000), now: NOW });
    expect(await refusal(held)).toEqual({ code: 'failed-precondition', message: BOOKING_MESSAGES.slotNotOffered });

    const [listed] = await listCalendarSources(t.db, { storeId: store.id });
    expect(listed).toMatchObject({ id: source.id, url: standIn.url('/hides.ics'), lastFetchedAt: NOW, lastSuccessAt: NOW, lastError: null, busyCount: 1 });
    await removeCalendarSource(t.db, { storeId: store.id, sourceId: source.id });
    expect(await times()).toEqual(['09:00', '09:45', '10:30', '11:15']);
    expect(await listCalendarSources(t.db, { storeId: store.id })).toEqual([]);
  });

  it('a broken feed keeps the last good busy times and records why; the next good read clears the error', async () => {
    const { store, times } = await callStore();
    standIn.answer({ body: icsOf(MEETING), etag: '"v1"' });
    const source = await add(store.id, '/broken.ics');
    await refresh(source.id);
    const later = new Date(NOW.getTime() + CALENDAR_REFRESH_MS);
    const failures: [Parameters<typeof standIn.answer>[0], string][] = [
      [{ status: 500, body: 'oops' }, CALENDAR_MESSAGES.httpStatus(500)],
      [{ body: '<html>Please sign in</html>' }, CALENDAR_MESSAGES.notICalendar],
      [{ status: 302, headers: { location: 'http://10.0.0.5/calendar.ics' } }, CALENDAR_MESSAGES.invalidUrl],
      ['hang', CALENDAR_MESSAGES.timedOut(1)],
    ];
    for (const [answer, message] of failures) {
      standIn.answer(answer);
      expect(await refresh(source.id, later, answer === 'hang' ? 200 : undefined)).toBe('failed');
      expect(await times()).toEqual(['10:30', '11:15']);
      const [listed] = await listCalendarSources(t.db, { storeId: store.id });
      expect(listed).toMatchObject({ lastFetchedAt: later, lastSuccessAt: NOW, lastError: message, busyCount: 1 });
    }
    // The same ETag answers 304: nothing re-read, the error cleared, the busy times kept.
    standIn.answer({ body: icsOf(MEETING), etag: '"v1"' });
    expect(await refresh(source.id, later)).toBe('not-modified');
    expect(standIn.requests.at(-1)?.ifNoneMatch).toBe('"v1"');
    expect((await listCalendarSources(t.db, { storeId: store.id }))[0]).toMatchObject({ lastError: null, busyCount: 1 });
    // A new version replaces the busy times.
    standIn.answer({ body: icsOf('2030-06-04T09:00/2030-06-04T09:30'), etag: '"v2"' });
    const after = new Date(later.getTime() + 25 * 3_600_000);
    expect(await refresh(source.id, after)).toBe('refreshed');
    expect(await times()).toEqual(['09:00', '09:45']);
  });

  it('each store imports each URL once, at most the limit, and only its own calendars can be removed', async () => {
    const { store } = await callStore();
    const other = await callStore();
    for (let index = 0; index < MAX_CALENDAR_SOURCES; index++) await add(store.id, `/limit-${index}.ics`);
    expect(await refusal(add(store.id, '/limit-extra.ics'))).toEqual({ code: 'failed-precondition', message: CALENDAR_MESSAGES.tooMany(MAX_CALENDAR_SOURCES) });
    expect(await refusal(add(other.store.id, '/limit-0.ics').then(() => add(other.store.id, '/limit-0.ics')))).toEqual({ code: 'already-exists', message: CALENDAR_MESSAGES.duplicate });
    expect(await refusal(addCalendarSource(t.db, { storeId: store.id, url: standIn.url('/x.ics'), now: NOW }))).toEqual({ code: 'invalid-argument', message: CALENDAR_MESSAGES.invalidUrl });

    const [mine] = await listCalendarSources(t.db, { storeId: store.id });
    const notFound = { code: 'not-found', message: MESSAGES.generic.notFound };
    expect(await refusal(removeCalendarSource(t.db, { storeId: other.store.id, sourceId: mine!.id }))).toEqual(notFound);
    expect(await refusal(removeCalendarSource(t.db, { storeId: store.id, sourceId: newId('cal') }))).toEqual(notFound);
    expect(await listCalendarSources(t.db, { storeId: store.id })).toHaveLength(MAX_CALENDAR_SOURCES);
    expect((await listCalendarSources(t.db, { storeId: other.store.id })).map((source) => source.url)).toEqual([standIn.url('/limit-0.ics')]);
  });

  it('the refresh job reads the source and queues its next read at the next five-minute slot, once; a removed source stops', async () => {
    const { store, times } = await callStore();
    standIn.answer({ body: icsOf(MEETING) });
    const source = await add(store.id, '/job.ics');
    const pending = () => t.db.select().from(jobs).where(and(eq(jobs.kind, REFRESH_CALENDAR_KIND), eq(jobs.status, 'pending'), sql`${jobs.payload} ->> 'sourceId' = ${source.id}`));
    const [first] = await pending();
    const handler = createRefreshCalendarJob({ db: t.db, allowLoopback: true });
    const ctx = (now: Date) => ({ log: silentLog, now: () => now, complete: async () => {} }) as unknown as JobRunContext;
    const at = new Date('2030-06-03T06:02:30.000Z');
    await handler.run(first as ClaimedJob, ctx(at));
    await handler.run(first as ClaimedJob, ctx(at));
    expect(await times()).toEqual(['10:30', '11:15']);
    const next = (await pending()).filter((job) => job.id !== first!.id);
    expect(next.map((job) => job.runAt.toISOString())).toEqual(['2030-06-03T06:05:00.000Z']);

    await removeCalendarSource(t.db, { storeId: store.id, sourceId: source.id });
    await handler.run(next[0] as ClaimedJob, ctx(new Date('2030-06-03T06:05:00.000Z')));
    expect((await pending()).filter((job) => job.id !== first!.id && job.id !== next[0]!.id)).toEqual([]);
  });
});
