const UNITS = ['KB', 'MB', 'GB', 'TB'] as const;

/**
 * A file size as people read it, in binary steps of 1024: "12 B", "1.5 KB", "340 KB", "4.8 MB".
 * One decimal below 10, whole numbers from 10 up.
 */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${UNITS[unit]}`;
}
