import { CALENDAR_URL_MESSAGE, MESSAGES, type CalendarSource } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#src/db/ids.ts';
import { CALENDAR_MESSAGES } from '#src/domain/bookings/busy/calendar-messages.ts';
import { errorOf } from '#src/testing/call-function.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { asCreator, callShop, NOW } from '#src/testing/booking-checkouts.ts';

describe('the creator’s imported calendars through the functions', () => {
  const clock = manualClock(new Date(NOW));
  let t: TestApp;
  let mine: ReturnType<typeof asCreator>;
  let theirs: ReturnType<typeof asCreator>;
  beforeAll(async () => {
    t = await createTestApp({ now: clock.now });
    mine = asCreator(t, await callShop(t, clock.now()));
    theirs = asCreator(t, await callShop(t, clock.now()));
  });
  afterAll(() => t?.close());
  const sources = async (reply: ReturnType<ReturnType<typeof asCreator>>) => {
    const response = await reply;
    if (response.statusCode !== 200) throw new Error(`${response.statusCode}: ${response.body}`);
    return (response.json() as { result: { sources: CalendarSource[] } }).result.sources;
  };

  it('adds, lists and removes a calendar; refuses what is not a public https URL', async () => {
    expect(await sources(mine('listCalendarSources'))).toEqual([]);
    const added = await sources(mine('addCalendarSource', { url: 'webcal://calendar.example.com/private/basic.ics' }));
    expect(added).toEqual([{ id: expect.stringMatching(/^cal_/), url: 'https://calendar.example.com/private/basic.ics', lastFetchedAt: null, lastSuccessAt: null, lastError: null, busyCount: 0, createdAt: new Date(NOW).toISOString() }]);
    expect(await sources(mine('listCalendarSources'))).toEqual(added);

    const refused = await mine('addCalendarSource', { url: 'https://192.168.1.10/calendar.ics' });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(CALENDAR_MESSAGES.privateAddress);
    expect(errorOf(await mine('addCalendarSource', { url: '' })).message).toBe(CALENDAR_URL_MESSAGE);
    expect(errorOf(await mine('addCalendarSource', { url: 'https://calendar.example.com/private/basic.ics' })).message).toBe(CALENDAR_MESSAGES.duplicate);

    expect(await sources(mine('removeCalendarSource', { sourceId: added[0]!.id }))).toEqual([]);
  });

  it('another creator’s calendar answers exactly like one that does not exist', async () => {
    const [source] = await sources(mine('addCalendarSource', { url: 'https://calendar.example.com/other.ics' }));
    const foreign = await theirs('removeCalendarSource', { sourceId: source!.id });
    const missing = await mine('removeCalendarSource', { sourceId: newId('cal') });
    expect([foreign.statusCode, errorOf(foreign)]).toEqual([404, { status: 'NOT_FOUND', message: MESSAGES.generic.notFound }]);
    expect([missing.statusCode, errorOf(missing)]).toEqual([404, { status: 'NOT_FOUND', message: MESSAGES.generic.notFound }]);
    expect(await sources(theirs('listCalendarSources'))).toEqual([]);
    expect(await sources(mine('listCalendarSources'))).toHaveLength(1);
  });
});
