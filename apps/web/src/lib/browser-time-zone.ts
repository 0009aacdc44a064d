import { isValidTimeZone } from '@shopfront/core';

/** The browser's IANA time zone when core knows the name (the server checks it again), else null. */
export function browserTimeZone(): string | null {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isValidTimeZone(zone) ? zone : null;
}
