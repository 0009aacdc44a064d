import { SLUG_MAX_LENGTH, SLUG_MIN_LENGTH } from '../constants.ts';
import { MESSAGES } from '../messages.ts';
import { isReservedSlug } from './reserved-slugs.ts';

export { RESERVED_SLUGS, isReservedSlug } from './reserved-slugs.ts';

export type SlugProblem = 'too-short' | 'too-long' | 'characters' | 'hyphens' | 'reserved';

export type SlugValidation =
  | { valid: true; slug: string }
  | { valid: false; message: string; reason: SlugProblem };

const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COMBINING_MARKS = /\p{M}/gu;
/** Latin letters that do not decompose into a base letter plus accent. */
const LETTER_FOLDS: Readonly<Record<string, string>> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', đ: 'd', ð: 'd', ł: 'l', þ: 'th', ı: 'i' };

/** SECURITY: canonicalise before any check (NFKC, lower-case). Full-width `ｍｙ` becomes `my`. */
export function canonicalizeSlug(input: string): string {
  return input.normalize('NFKC').toLowerCase();
}

/**
 * Spec §5 slug derivation: lower-case, drop special characters, spaces to hyphens, collapse and
 * trim hyphens, max 50. Ours: accents are folded first ("Café" → "cafe") instead of dropping the
 * whole letter; anything else outside a-z and 0-9 (Cyrillic, emoji, punctuation) is dropped.
 */
export function deriveSlug(name: string): string {
  const folded = canonicalizeSlug(name).normalize('NFKD').replace(COMBINING_MARKS, '').normalize('NFKC');
  const slug = folded
    .replace(/[ßæœøđðłþı]/g, (letter) => LETTER_FOLDS[letter] ?? '')
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-{2,}/g, '-')
    .replace(/^-+|-+$/g, '');
  return trimToLength(slug, SLUG_MAX_LENGTH);
}

/** Cut to `max` characters without leaving a trailing hyphen. */
export function trimToLength(slug: string, max: number): string {
  return slug.length <= max ? slug : slug.slice(0, max).replace(/-+$/, '');
}

/**
 * Spec §5 slug format: 2–50 characters of a-z, 0-9 and single inner hyphens, not reserved.
 * Uniqueness is the server's check. A reserved word says it is reserved (our message: the spec
 * has none), so the creator does not look for a store that does not exist.
 */
export function validateSlug(input: string): SlugValidation {
  const slug = canonicalizeSlug(input);
  const invalid = (reason: SlugProblem): SlugValidation => ({
    valid: false,
    reason,
    message: reason === 'reserved' ? MESSAGES.slug.reserved : MESSAGES.slug.invalidFormat,
  });
  if (/[^a-z0-9-]/.test(slug)) return invalid('characters');
  if (slug.length < SLUG_MIN_LENGTH) return invalid('too-short');
  if (slug.length > SLUG_MAX_LENGTH) return invalid('too-long');
  if (!SLUG_SHAPE.test(slug)) return invalid('hyphens');
  if (isReservedSlug(slug)) return invalid('reserved');
  return { valid: true, slug };
}

export function isValidSlug(input: string): boolean {
  return validateSlug(input).valid;
}
