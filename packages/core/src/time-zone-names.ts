// Zone names without zod: the web app's first screen checks the browser's zone with these (decision 038).

/** The zone a store's days follow until its creator picks one. */
export const DEFAULT_TIME_ZONE = 'UTC';

let supported: Set<string> | null = null;

/** The IANA zone names this runtime knows (`Intl.supportedValuesOf`), plus `UTC`. */
export function supportedTimeZones(): string[] {
  supported ??= new Set(['UTC', ...Intl.supportedValuesOf('timeZone')]);
  return [...supported];
}

/**
 * Whether `name` is an IANA zone this runtime knows. Aliases count through their canonical name
 * (`Asia/Kolkata` and `Asia/Calcutta` are one zone; runtimes list one of them).
 */
export function isValidTimeZone(name: string): boolean {
  if (supported === null) supportedTimeZones();
  if (supported!.has(name)) return true;
  try {
    return supported!.has(new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone);
  } catch {
    return false;
  }
}

/**
 * An instant as the store's wall clock with its offset: `2026-11-23T00:30:00+01:00`. Sortable
 * within one zone, and unambiguous in a spreadsheet (the CSV's dates).
 */
export function formatInTimeZone(instant: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    timeZoneName: 'longOffset',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const offset = part('timeZoneName').replace(/^GMT/, '') || '+00:00';
  return `${part('year')}-${part('month')}-${part('day')}T${part('hour')}:${part('minute')}:${part('second')}${offset}`;
}
