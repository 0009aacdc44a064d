import { describe, expect, it } from 'vitest';
import { CALENDAR_MESSAGES } from './calendar-messages.ts';
import { parseBusyTimes } from './parse-busy-times.ts';

const FROM = new Date('2030-06-01T00:00:00.000Z');
const TO = new Date('2030-06-30T00:00:00.000Z');
const calendar = (body: string, header = '') => `BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//EN\r\n${header}${body}END:VCALENDAR\r\n`;
const event = (uid: string, lines: string) => `BEGIN:VEVENT\r\nUID:${uid}\r\nDTSTAMP:20300101T000000Z\r\nSUMMARY:${uid}\r\n${lines}END:VEVENT\r\n`;
const ranges = (text: string, fallbackZone = 'Europe/Berlin') => parseBusyTimes(text, { from: FROM, to: TO, fallbackZone }).map((range) => `${range.startsAt.toISOString()}/${range.endsAt.toISOString()}`);

describe('busy times read from an iCalendar feed', () => {
  it('expands a weekly event within the window, without its EXDATE, with its moved occurrence', () => {
    const text = calendar(
      event('weekly', 'DTSTART;TZID=Europe/Berlin:20300603T100000\r\nDTEND;TZID=Europe/Berlin:20300603T110000\r\nRRULE:FREQ=WEEKLY;BYDAY=MO\r\nEXDATE;TZID=Europe/Berlin:20300610T100000\r\n') +
        event('weekly', 'RECURRENCE-ID;TZID=Europe/Berlin:20300617T100000\r\nDTSTART;TZID=Europe/Berlin:20300617T140000\r\nDTEND;TZID=Europe/Berlin:20300617T150000\r\n'),
    );
    expect(ranges(text)).toEqual([
      '2030-06-03T08:00:00.000Z/2030-06-03T09:00:00.000Z',
      '2030-06-17T12:00:00.000Z/2030-06-17T13:00:00.000Z',
      '2030-06-24T08:00:00.000Z/2030-06-24T09:00:00.000Z',
    ]);
  });

  it('ignores free (TRANSP:TRANSPARENT) and cancelled events, and events outside the window', () => {
    const text = calendar(
      event('free', 'DTSTART:20300604T070000Z\r\nDTEND:20300604T080000Z\r\nTRANSP:TRANSPARENT\r\n') +
        event('cancelled', 'DTSTART:20300605T070000Z\r\nDTEND:20300605T080000Z\r\nSTATUS:CANCELLED\r\n') +
        event('busy', 'DTSTART:20300606T070000Z\r\nDURATION:PT45M\r\nTRANSP:OPAQUE\r\n') +
        event('later', 'DTSTART:20300706T070000Z\r\nDTEND:20300706T080000Z\r\n'),
    );
    expect(ranges(text)).toEqual(['2030-06-06T07:00:00.000Z/2030-06-06T07:45:00.000Z']);
  });

  it('reads all-day and floating times in the calendar’s zone (X-WR-TIMEZONE, else the store’s)', () => {
    const body = event('day-off', 'DTSTART;VALUE=DATE:20300605\r\nDTEND;VALUE=DATE:20300607\r\n') + event('floating', 'DTSTART:20300610T090000\r\nDTEND:20300610T100000\r\n');
    expect(ranges(calendar(body, 'X-WR-TIMEZONE:America/New_York\r\n'))).toEqual([
      '2030-06-05T04:00:00.000Z/2030-06-07T04:00:00.000Z',
      '2030-06-10T13:00:00.000Z/2030-06-10T14:00:00.000Z',
    ]);
    expect(ranges(calendar(body))).toEqual(['2030-06-04T22:00:00.000Z/2030-06-06T22:00:00.000Z', '2030-06-10T07:00:00.000Z/2030-06-10T08:00:00.000Z']);
    // An all-day event without an end lasts its one day.
    expect(ranges(calendar(event('one-day', 'DTSTART;VALUE=DATE:20300612\r\n')))).toEqual(['2030-06-11T22:00:00.000Z/2030-06-12T22:00:00.000Z']);
  });

  it('merges overlapping events into one range', () => {
    const text = calendar(event('a', 'DTSTART:20300604T070000Z\r\nDTEND:20300604T080000Z\r\n') + event('b', 'DTSTART:20300604T073000Z\r\nDTEND:20300604T090000Z\r\n'));
    expect(ranges(text)).toEqual(['2030-06-04T07:00:00.000Z/2030-06-04T09:00:00.000Z']);
  });

  it('refuses text that is not iCalendar', () => {
    expect(() => parseBusyTimes('<html>Sign in</html>', { from: FROM, to: TO, fallbackZone: 'UTC' })).toThrow(CALENDAR_MESSAGES.notICalendar);
  });
});
