import { describe, expect, it } from 'vitest';
import { countryFromAcceptLanguage } from './country-from-accept-language.ts';

describe('countryFromAcceptLanguage', () => {
  it.each([
    ['en-AU', 'AU'],
    ['en_au', 'AU'],
    ['de', 'DE'],
    ['ja-JP;q=1, en;q=0.5', 'JP'],
    ['en;q=0.2, ko;q=0.8', 'KR'],
    ['es-419', null],
    ['es', null],
    ['en', null],
    ['*', null],
    ['ko;q=0, en', null],
    ['ko;q=abc', null],
    ['en-XX', null],
    ['', null],
  ])('%j → %s', (header, country) => {
    expect(countryFromAcceptLanguage(header)).toBe(country);
  });

  it('reads the first 20 ranges and no more', () => {
    const filler = Array.from({ length: 19 }, () => 'x-none;q=0.1');
    expect(countryFromAcceptLanguage([...filler, 'nl;q=0.05'].join(','))).toBe('NL');
    expect(countryFromAcceptLanguage([...filler, 'x-none;q=0.1', 'nl;q=0.05'].join(','))).toBeNull();
  });
});
