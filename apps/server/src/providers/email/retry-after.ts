/**
 * Reads an HTTP `Retry-After` header (RFC 9110 §10.2.3): delay seconds or an HTTP date. Returns
 * milliseconds from `now`, or undefined when absent or unreadable. Capped at one day so a bad
 * header cannot park a job for ever.
 */
export function retryAfterMs(header: string | null, now: Date = new Date()): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  const cap = 24 * 60 * 60 * 1000;
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, cap);
  const at = Date.parse(value);
  if (Number.isNaN(at)) return undefined;
  return Math.min(Math.max(at - now.getTime(), 0), cap);
}
