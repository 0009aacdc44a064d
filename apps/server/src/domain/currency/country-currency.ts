// Exports currencyForCountry, countryForTimeZone, DEFAULT_CURRENCY: one module because both map a
// visitor's location data to what the currency detection answers, from the same two packages.
import { isStripeCurrency } from '@shopfront/core';
import { getTimezone } from 'countries-and-timezones';
import countryToCurrency from 'country-to-currency';

/** Spec §7: a visitor nothing is known about sees US dollars. */
export const DEFAULT_CURRENCY = 'USD';

/**
 * The country's currency when a store could charge in it (Stripe supports it), else USD: a
 * country whose own currency Stripe lacks (Cuba, Iran, Zimbabwe…) most often prices in dollars.
 */
export function currencyForCountry(country: string): string {
  const currency = (countryToCurrency as Record<string, string | undefined>)[country.toUpperCase()];
  return currency && isStripeCurrency(currency) ? currency : DEFAULT_CURRENCY;
}

/**
 * The country an IANA zone belongs to (the tz database's zone.tab, through countries-and-timezones);
 * its first, main country when several share it (Europe/London: GB). Null for zones of no country
 * (UTC, Etc/GMT+5) and for names the package does not know.
 */
export function countryForTimeZone(timeZone: string): string | null {
  return getTimezone(timeZone)?.countries[0] ?? null;
}
