/**
 * A key for a request the server deduplicates (core RequestKeySchema): 32 hex characters from the
 * browser's random source, which plain-http hosts have too (randomUUID needs a secure context).
 */
export function newRequestKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
