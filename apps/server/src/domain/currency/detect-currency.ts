import { ISO_COUNTRY_CODES, isValidTimeZone } from '@shopfront/core';
import { countryFromAcceptLanguage } from './country-from-accept-language.ts';
import { countryForTimeZone, currencyForCountry, DEFAULT_CURRENCY } from './country-currency.ts';

export const CURRENCY_SOURCES = ['header', 'language', 'timezone', 'default'] as const;
export type CurrencySource = (typeof CURRENCY_SOURCES)[number];

export interface DetectedCurrency {
  /** ISO 4217, one a store can charge in (else USD). */
  currency: string;
  /** ISO 3166-1 alpha-2, or null when nothing told the country. */
  country: string | null;
  source: CurrencySource;
}

export interface DetectCurrencyOptions {
  /** The request's headers (Node lower-cases the names). */
  headers: Readonly<Record<string, string | string[] | undefined>>;
  /** The trusted country headers, lower case, in order (env.currency.countryHeaders). */
  countryHeaders: readonly string[];
  /** The zone the browser reported; already checked with isValidTimeZone, or null. */
  timeZone: string | null;
}

/**
 * Geo-IP placeholders that are not countries: XX (unknown, Cloudflare and others), T1 (Tor); A1,
 * A2 and O1 (old MaxMind proxy/satellite/other); EU and AP (continent-level answers).
 */
const NOT_COUNTRIES = new Set(['XX', 'T1', 'A1', 'A2', 'O1', 'EU', 'AP']);

function headerCountry(headers: DetectCurrencyOptions['headers'], names: readonly string[]): string | null {
  for (const name of names) {
    const raw = headers[name];
    const value = (Array.isArray(raw) ? raw[0] : raw)?.trim().toUpperCase();
    if (value && !NOT_COUNTRIES.has(value) && ISO_COUNTRY_CODES.has(value)) return value;
  }
  return null;
}

/**
 * Spec §7's currency detection, in order: the country a trusted proxy header names, then the
 * Accept-Language header, then the browser's time zone, then US dollars. Each step that finds no
 * country passes to the next (docs/currency.md).
 */
export function detectCurrency(options: DetectCurrencyOptions): DetectedCurrency {
  const fromHeader = headerCountry(options.headers, options.countryHeaders);
  if (fromHeader) return { country: fromHeader, currency: currencyForCountry(fromHeader), source: 'header' };

  const language = options.headers['accept-language'];
  const fromLanguage = countryFromAcceptLanguage(Array.isArray(language) ? language.join(',') : language);
  if (fromLanguage) return { country: fromLanguage, currency: currencyForCountry(fromLanguage), source: 'language' };

  const fromZone = options.timeZone && isValidTimeZone(options.timeZone) ? countryForTimeZone(options.timeZone) : null;
  if (fromZone) return { country: fromZone, currency: currencyForCountry(fromZone), source: 'timezone' };

  return { country: null, currency: DEFAULT_CURRENCY, source: 'default' };
}
