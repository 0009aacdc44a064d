import { ISO_COUNTRY_CODES } from '@shopfront/core';

/**
 * The country a bare language tag points to when one country is its clear home (ja → JP, de → DE).
 * Languages that are the first language of many countries (en, es, pt, ar, zh) are left out, so
 * "en" alone says nothing and detection moves on to the time zone.
 */
const LANGUAGE_COUNTRIES: Readonly<Record<string, string>> = Object.freeze({
  af: 'ZA', am: 'ET', az: 'AZ', be: 'BY', bg: 'BG', bn: 'BD', bs: 'BA', ca: 'ES', cs: 'CZ', cy: 'GB',
  da: 'DK', de: 'DE', el: 'GR', et: 'EE', eu: 'ES', fi: 'FI', fil: 'PH', fr: 'FR', ga: 'IE', gl: 'ES',
  gu: 'IN', he: 'IL', hi: 'IN', hr: 'HR', hu: 'HU', hy: 'AM', id: 'ID', is: 'IS', it: 'IT', ja: 'JP',
  ka: 'GE', kk: 'KZ', km: 'KH', kn: 'IN', ko: 'KR', ky: 'KG', lo: 'LA', lt: 'LT', lv: 'LV', mk: 'MK',
  ml: 'IN', mn: 'MN', mr: 'IN', ms: 'MY', mt: 'MT', my: 'MM', nb: 'NO', ne: 'NP', nl: 'NL', nn: 'NO',
  no: 'NO', pl: 'PL', ro: 'RO', ru: 'RU', si: 'LK', sk: 'SK', sl: 'SI', sq: 'AL', sr: 'RS', sv: 'SE',
  ta: 'IN', te: 'IN', th: 'TH', tl: 'PH', tr: 'TR', uk: 'UA', ur: 'PK', uz: 'UZ', vi: 'VN',
});

interface LanguageRange {
  language: string;
  country: string | null;
  q: number;
}

/** At most this many ranges are read: browsers send a handful; a longer header is not a browser's. */
const MAX_RANGES = 20;

function parseRanges(header: string): LanguageRange[] {
  const ranges: LanguageRange[] = [];
  for (const part of header.split(',').slice(0, MAX_RANGES)) {
    const [tag = '', ...params] = part.trim().split(';');
    const subtags = tag.trim().toLowerCase().split(/[-_]/);
    const language = subtags[0] ?? '';
    if (!/^[a-z]{2,3}$/.test(language)) continue;
    // A region subtag is two letters after the language (and an optional 4-letter script): en-AU, zh-Hant-TW.
    const region = subtags.slice(1, 3).find((subtag) => /^[a-z]{2}$/.test(subtag))?.toUpperCase() ?? null;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (!Number.isFinite(q) || q <= 0 || q > 1) continue;
    ranges.push({ language, country: region && ISO_COUNTRY_CODES.has(region) ? region : null, q });
  }
  // Highest q first; equal q keep the header's order (Array.prototype.sort is stable).
  return ranges.sort((a, b) => b.q - a.q);
}

/**
 * The visitor's country from Accept-Language: the preferred language's country, from its region
 * subtag (en-AU → AU) or, for a bare tag, from LANGUAGE_COUNTRIES (ja → JP). Only ranges of the
 * preferred language count ("en, en-GB;q=0.9" → GB), because a second language ("en, fr;q=0.5")
 * says where the visitor reads, not where they live. Null when nothing points to a country.
 */
export function countryFromAcceptLanguage(header: string | undefined): string | null {
  if (!header) return null;
  const ranges = parseRanges(header);
  const preferred = ranges[0]?.language;
  for (const range of ranges) {
    if (range.language !== preferred) continue;
    if (range.country) return range.country;
    const country = LANGUAGE_COUNTRIES[range.language];
    if (country) return country;
  }
  return null;
}
