import {
  ISO_COUNTRY_CODES,
  ISO_CURRENCY_CODES,
  SYDNEY_COUNTRIES,
  SYDNEY_CURRENCIES,
  SYDNEY_TIME_ZONE_PREFIXES,
  SYDNEY_TIME_ZONES,
} from './region-codes.ts';

export * from './region-codes.ts';

/** Spec §1/§4: the two data regions. */
export const REGIONS = ['us-central', 'sydney'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'us-central';

// The functions a region's mirror answers are in mirrored-reads.ts: the web app's first screen
// needs that list without this module's country and time-zone tables.

export interface RegionInputs {
  /** Country from the currency-detection worker (ISO 3166-1 alpha-2). */
  workerCountry?: string | null;
  /** The user's currency (ISO 4217). */
  userCurrency?: string | null;
  /** IANA time zone, e.g. from Intl.DateTimeFormat().resolvedOptions().timeZone. */
  timeZone?: string | null;
}

/**
 * Spec §4 region detection: worker country, then user currency, then time zone, then us-central.
 * A missing, malformed or unknown value (e.g. a geo-IP placeholder such as `XX`) passes to the next.
 */
export function detectRegion(inputs: RegionInputs): Region {
  const country = code(inputs.workerCountry);
  if (country && ISO_COUNTRY_CODES.has(country)) return SYDNEY_COUNTRIES.has(country) ? 'sydney' : 'us-central';

  const currency = code(inputs.userCurrency);
  if (currency && ISO_CURRENCY_CODES.has(currency)) return SYDNEY_CURRENCIES.has(currency) ? 'sydney' : 'us-central';

  const zone = typeof inputs.timeZone === 'string' ? inputs.timeZone.trim() : '';
  if (isSydneyTimeZone(zone)) return 'sydney';
  return DEFAULT_REGION;
}

export function isSydneyTimeZone(timeZone: string): boolean {
  return SYDNEY_TIME_ZONES.has(timeZone) || SYDNEY_TIME_ZONE_PREFIXES.some((prefix) => timeZone.startsWith(prefix));
}

function code(value: string | null | undefined): string | null {
  return typeof value === 'string' ? value.trim().toUpperCase() : null;
}

/**
 * Spec §4 "runs once and is cached"; spec §8 "failed region detection falls back to us-central".
 * The first call starts `detect`; every call shares its answer, failures included.
 */
export function createRegionDetector(detect: () => Region | Promise<Region>): () => Promise<Region> {
  let cached: Promise<Region> | null = null;
  return () => {
    cached ??= (async () => {
      try {
        const region = await detect();
        return (REGIONS as readonly string[]).includes(region) ? region : DEFAULT_REGION;
      } catch {
        return DEFAULT_REGION;
      }
    })();
    return cached;
  };
}
