import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages.ts';
import { deriveSlug, isValidSlug, RESERVED_SLUGS, validateSlug } from './slug.ts';

const FORMAT = 'Invalid slug format. Use only lowercase letters, numbers, and hyphens.';
const TAKEN = 'This store URL is already taken. Please choose another.';

describe('deriveSlug (spec §5)', () => {
  it.each([
    ['My Store', 'my-store'],
    ['  Leading and trailing  ', 'leading-and-trailing'],
    ['Tom & Jerry', 'tom-jerry'],
    ['a -- b', 'a-b'],
    ['---hello---', 'hello'],
    ['Hello, World!', 'hello-world'],
    ['UPPER lower 123', 'upper-lower-123'],
    ['Café Crème', 'cafe-creme'],
    ['Straße Ærø', 'strasse-aero'],
    ['ｍｙ ｓｔｏｒｅ', 'my-store'],
    ['my_store.v2', 'mystorev2'],
    ['tab\tand\nnewline', 'tab-and-newline'],
    ['Магазин', ''],
    ['shop Магазин', 'shop'],
    ['🔥 Hot Deals 🔥', 'hot-deals'],
    ['', ''],
    ['!!!', ''],
  ])('%j → %j', (name, slug) => {
    expect(deriveSlug(name)).toBe(slug);
  });

  it('cuts at 50 characters and never ends in a hyphen', () => {
    expect(deriveSlug('a'.repeat(50))).toBe('a'.repeat(50));
    expect(deriveSlug('a'.repeat(51))).toBe('a'.repeat(50));
    expect(deriveSlug(`${'a'.repeat(49)} bcd`)).toBe('a'.repeat(49));
    expect(deriveSlug(`${'a'.repeat(48)} bcd`)).toBe(`${'a'.repeat(48)}-b`);
  });

  it('derives only slugs that pass the format check when long enough', () => {
    for (const name of ['My Store', 'Café Crème', 'x'.repeat(80), 'a b c d e f']) {
      expect(isValidSlug(deriveSlug(name))).toBe(true);
    }
  });
});

describe('validateSlug (spec §5)', () => {
  it.each([
    ['ab', 'ab'],
    ['a1', 'a1'],
    ['12', '12'],
    ['my-store', 'my-store'],
    ['a-b-c', 'a-b-c'],
    ['a'.repeat(50), 'a'.repeat(50)],
    ['My-Store', 'my-store'],
    ['ｍｙ－ｓｔｏｒｅ', 'my-store'],
    ['\u212Aelvin', 'kelvin'],
    ['admin-shop', 'admin-shop'],
    ['stores2', 'stores2'],
  ])('accepts %j as %j', (input, slug) => {
    expect(validateSlug(input)).toEqual({ valid: true, slug });
  });

  it.each([
    ['', 'too-short'],
    ['a', 'too-short'],
    ['a'.repeat(51), 'too-long'],
    ['-ab', 'hyphens'],
    ['ab-', 'hyphens'],
    ['a--b', 'hyphens'],
    ['-', 'too-short'],
    ['--', 'hyphens'],
    ['my store', 'characters'],
    ['my_store', 'characters'],
    ['my.store', 'characters'],
    ['my/store', 'characters'],
    [' ab', 'characters'],
    ['café', 'characters'],
  ])('refuses %j (%s) with the format message', (input, reason) => {
    expect(validateSlug(input)).toEqual({ valid: false, reason, message: FORMAT });
  });

  // Homoglyphs: they look like ASCII but stay non-ASCII after NFKC + lower-case.
  it.each([
    ['Cyrillic а in "shop"', 'shоp'.replace('о', '\u043E')],
    ['Cyrillic а', '\u0430pple'],
    ['Cyrillic е and р', 'st\u043Er\u0435'],
    ['Greek omicron', 'st\u03BFre'],
    ['dotless ı', 'l\u0131nk'],
    ['Turkish İ lower-cases to i + combining dot', '\u0130nfo'],
    ['zero-width joiner', 'my\u200Dstore'],
    ['soft hyphen', 'my\u00ADstore'],
    ['non-breaking hyphen', 'my\u2011store'],
    ['Armenian օ', 'sh\u0585p'],
  ])('refuses a homoglyph: %s', (_label, input) => {
    expect(input).not.toMatch(/^[a-z0-9-]+$/);
    expect(validateSlug(input)).toEqual({ valid: false, reason: 'characters', message: FORMAT });
  });

  it('answers "reserved", not "already taken", for every reserved word', () => {
    for (const word of RESERVED_SLUGS) {
      const result = validateSlug(word);
      expect(result.valid, word).toBe(false);
      // robots.txt and favicon.ico fail the format check before the reserved one.
      if (/^[a-z0-9-]+$/.test(word)) expect(result).toEqual({ valid: false, reason: 'reserved', message: MESSAGES.slug.reserved });
    }
  });

  it.each(['ADMIN', 'Api', 'ｄａｓｈｂｏａｒｄ', 'members', 'website', 'dev-preview', 'password-reset', 'fn', 'null'])(
    'refuses reserved %j after canonicalising',
    (input) => {
      expect(validateSlug(input)).toMatchObject({ valid: false, reason: 'reserved' });
    },
  );

  it('holds the spec list and the route words of issues 2 and 4', () => {
    for (const word of ['admin', 'api', 'www', 'checkout', 'health', 'documentation', 'robots.txt', 'favicon.ico', 'assets', 'debug', 'undefined', 'files', 'healthz', 'readyz']) {
      expect(RESERVED_SLUGS.has(word), word).toBe(true);
    }
    expect(RESERVED_SLUGS.size).toBe(44 + 11 + 3);
  });

  it('uses the catalogue texts', () => {
    expect(MESSAGES.slug).toEqual({ invalidFormat: FORMAT, taken: TAKEN, checkFailed: 'Unable to check URL availability. Please try again.', reserved: 'This store URL is reserved. Please choose another.' });
  });
});
