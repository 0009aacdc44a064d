import { z } from 'zod';

/**
 * Currency detection (docs/currency.md). The visitor's country is believed only from the headers
 * named here, which a trusted CDN or proxy sets; FX_RATES_URL is the daily exchange-rate source
 * (unset: the bundled approximate table).
 */
const unsetIfEmpty = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), schema.optional());

export const DEFAULT_COUNTRY_HEADERS = ['cf-ipcountry', 'x-vercel-ip-country', 'cloudfront-viewer-country'] as const;

export const CURRENCY_ENV_SHAPE = {
  /** Comma-separated request headers carrying an ISO country code; `none` believes no header. */
  CURRENCY_COUNTRY_HEADERS: unsetIfEmpty(
    z
      .string()
      .transform((text) => text.split(',').map((item) => item.trim().toLowerCase()).filter(Boolean))
      .pipe(z.array(z.string().regex(/^[a-z0-9-]+$/, 'Expected header names such as cf-ipcountry'))),
  ),
  /** A JSON rate source ({base, rates}); fetched daily. Unset: the bundled approximate rates. */
  FX_RATES_URL: unsetIfEmpty(z.url({ protocol: /^https?$/, error: 'Expected an http(s) URL' })),
};

export type CurrencyEnv = z.output<z.ZodObject<typeof CURRENCY_ENV_SHAPE>>;

export interface CurrencyConfig {
  /** Lower-case header names, in order; empty: no header is believed. */
  countryHeaders: string[];
  fxRatesUrl: string | null;
}

export function currencyConfigFromEnv(raw: CurrencyEnv): CurrencyConfig {
  const headers = raw.CURRENCY_COUNTRY_HEADERS ?? [...DEFAULT_COUNTRY_HEADERS];
  return {
    countryHeaders: headers.length === 1 && headers[0] === 'none' ? [] : headers,
    fxRatesUrl: raw.FX_RATES_URL ?? null,
  };
}
