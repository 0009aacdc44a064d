import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';
const LENGTH = 20;

/** `${prefix}_` + 20 random base-36 characters (~103 bits, no modulo bias): opaque and URL-safe. */
export function newId(prefix: string): string {
  let suffix = '';
  while (suffix.length < LENGTH) {
    for (const byte of randomBytes(LENGTH)) {
      if (byte < 252 && suffix.length < LENGTH) suffix += ALPHABET[byte % 36];
    }
  }
  return `${prefix}_${suffix}`;
}
