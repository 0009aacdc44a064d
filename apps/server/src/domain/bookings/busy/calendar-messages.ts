// Exports CALENDAR_MESSAGES and the import limits: what a creator is told about an imported calendar.
import { CALENDAR_URL_MESSAGE } from '@shopfront/core';

/** How many calendars one store may import. */
export const MAX_CALENDAR_SOURCES = 5;
export const MAX_CALENDAR_URL_LENGTH = 2000;
/** A feed slower than this counts as down this time; its last busy times stay. */
export const CALENDAR_FETCH_TIMEOUT_MS = 10_000;
/** A feed larger than this is refused (a personal calendar is far smaller). */
export const CALENDAR_MAX_BYTES = 5 * 1024 * 1024;
export const CALENDAR_MAX_REDIRECTS = 3;
/** Busy ranges kept per calendar within the booking window. */
export const MAX_BUSY_TIMES_PER_SOURCE = 5000;
/** How often each calendar is read again. */
export const CALENDAR_REFRESH_MS = 5 * 60_000;

export const CALENDAR_MESSAGES = {
  invalidUrl: CALENDAR_URL_MESSAGE,
  privateAddress: 'This calendar’s address points to a private network. Use its public https:// link.',
  duplicate: 'This calendar is already imported.',
  tooMany: (max: number) => `A store can import at most ${max} calendars.`,
  timedOut: (seconds: number) => `The calendar did not answer within ${seconds} seconds.`,
  unreachable: 'The calendar could not be reached.',
  httpStatus: (status: number) => `The calendar answered HTTP ${status}.`,
  tooLarge: (megabytes: number) => `The calendar is larger than ${megabytes} MB.`,
  tooManyRedirects: 'The calendar’s address redirected too many times.',
  notICalendar: 'The calendar could not be read as an iCalendar (.ics) feed.',
  tooManyBusyTimes: (max: number) => `The calendar has more than ${max} events in the booking window.`,
} as const;
