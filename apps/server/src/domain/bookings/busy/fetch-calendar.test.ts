import type { LookupAddress } from 'node:dns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES, CALENDAR_MAX_REDIRECTS } from './calendar-messages.ts';
import { icsOf, startCalendarStandIn } from './calendar-stand-in.ts';
import { fetchCalendar, guardedLookup } from './fetch-calendar.ts';

const MB = 1024 * 1024;

describe('fetching a calendar feed', () => {
  let standIn: Awaited<ReturnType<typeof startCalendarStandIn>>;
  beforeAll(async () => {
    standIn = await startCalendarStandIn();
  });
  afterAll(() => standIn?.close());
  const failure = (url: string, options: Parameters<typeof fetchCalendar>[1] = { allowLoopback: true }) =>
    fetchCalendar(url, options).then(
      () => null,
      (error: Error) => error.message,
    );

  it('reads a body of exactly the size limit and refuses one byte more', async () => {
    const padded = (size: number) => icsOf().replace('END:VCALENDAR', `X-PAD:${'a'.repeat(size - icsOf().length - 8)}\r\nEND:VCALENDAR`);
    standIn.route('/exact.ics', { body: padded(MB) });
    standIn.route('/over.ics', { body: padded(MB + 1) });
    const exact = await fetchCalendar(standIn.url('/exact.ics'), { allowLoopback: true, maxBytes: MB });
    expect(exact.kind === 'fetched' && exact.body.length).toBe(MB);
    expect(await failure(standIn.url('/over.ics'), { allowLoopback: true, maxBytes: MB })).toBe(CALENDAR_MESSAGES.tooLarge(1));
  });

  it(`follows up to ${CALENDAR_MAX_REDIRECTS} redirects, checking each; one more is refused`, async () => {
    for (let hop = 0; hop < CALENDAR_MAX_REDIRECTS; hop++) standIn.route(`/hop-${hop}`, { status: 301, headers: { location: `/hop-${hop + 1}` } });
    standIn.route(`/hop-${CALENDAR_MAX_REDIRECTS}`, { body: icsOf(), etag: '"e1"' });
    expect(await fetchCalendar(standIn.url('/hop-0'), { allowLoopback: true })).toMatchObject({ kind: 'fetched', etag: '"e1"' });
    standIn.route('/loop', { status: 302, headers: { location: '/loop' } });
    expect(await failure(standIn.url('/loop'))).toBe(CALENDAR_MESSAGES.tooManyRedirects);
    standIn.route('/to-private', { status: 302, headers: { location: 'https://169.254.169.254/latest/meta-data' } });
    expect(await failure(standIn.url('/to-private'))).toBe(CALENDAR_MESSAGES.privateAddress);
  });

  it('refuses a loopback feed unless allowed (tests only), and a host name that resolves to a private address', async () => {
    standIn.route('/ok.ics', { body: icsOf() });
    expect(await failure(standIn.url('/ok.ics'), {})).toBe(CALENDAR_MESSAGES.invalidUrl);
    const resolve = (rules: { allowLoopback?: boolean }) =>
      new Promise<{ error: string | null; addresses: LookupAddress[] | string }>((done) => {
        const lookup = guardedLookup(rules) as unknown as (host: string, options: object, callback: (error: Error | null, addresses: LookupAddress[] | string) => void) => void;
        lookup('localhost', { all: true }, (error, addresses) => done({ error: (error as NodeJS.ErrnoException | null)?.code ?? null, addresses }));
      });
    expect((await resolve({})).error).toBe('EPRIVATEADDRESS');
    const allowed = await resolve({ allowLoopback: true });
    expect(allowed.error).toBeNull();
    expect((allowed.addresses as LookupAddress[]).length).toBeGreaterThan(0);
  });
});
