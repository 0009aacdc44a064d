/**
 * Money is an integer count of the currency's minor unit everywhere (docs/selling.md), and that
 * integer goes to the payment provider as is (Stripe's `unit_amount`). So the minor unit is the
 * provider's: Intl's digits where they agree, the table below where they do not.
 */

/**
 * Where Intl (CLDR) and Stripe's API disagree, Stripe wins, because stored amounts are sent as is.
 * - ISK: Intl shows 0 decimals; Stripe's API keeps ISK two-decimal (100 = 1 króna, and charges
 *   must be whole krónur, so amounts are multiples of 100).
 * - HUF: Intl (current ICU) shows 0 decimals; Stripe charges HUF two-decimal (payouts are whole).
 * - TWD: Intl gives 2 in current ICU, some older ones 0; Stripe charges TWD two-decimal.
 * - UGX: Intl gives 0 and Stripe lists UGX as zero-decimal: pinned so an ICU change cannot move it.
 * - AFN ALL COP IDR LAK LBP MMK PKR RSD SOS STD YER: CLDR gives 0 (or did in older ICU); Stripe
 *   charges all of them two-decimal (core currencies.ts, whose test checks every Stripe currency).
 * Display keeps Intl's decimals (ISK and HUF show whole amounts); see `displayDigits`.
 */
const MINOR_UNIT_OVERRIDES: Readonly<Record<string, number>> = Object.freeze({
  UGX: 0,
  ...Object.fromEntries('ISK HUF TWD AFN ALL COP IDR LAK LBP MMK PKR RSD SOS STD YER'.split(' ').map((c) => [c, 2])),
});

/** An unknown or malformed currency code keeps two decimals. */
const DEFAULT_DIGITS = 2;

/**
 * Intl's digits per code, asked once: a NumberFormat costs tens of microseconds and a CSV export
 * of 100,000 orders formats 200,000 amounts. Only well-formed codes are kept, so the cache stays
 * as small as the list of currencies.
 */
const intlDigitsCache = new Map<string, number | null>();

function intlDigits(currency: string): number | null {
  const cached = intlDigitsCache.get(currency);
  if (cached !== undefined) return cached;
  let digits: number | null;
  try {
    digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    digits = null;
  }
  if (/^[A-Z]{3}$/.test(currency)) intlDigitsCache.set(currency, digits);
  return digits;
}

const code = (currency: string) => currency.trim().toUpperCase();

/** How many decimals an amount of `currency` is stored with: 2 for USD, 0 for JPY, 3 for KWD. */
export function minorUnitDigits(currency: string): number {
  const upper = code(currency);
  return MINOR_UNIT_OVERRIDES[upper] ?? intlDigits(upper) ?? DEFAULT_DIGITS;
}

/** How many decimals people see and type: Intl's, never more than the stored ones (ISK: 0). */
function displayDigits(currency: string): number {
  const minor = minorUnitDigits(currency);
  return Math.min(minor, intlDigits(code(currency)) ?? minor);
}

/**
 * Minor units as an exact decimal string in the major unit, with the currency's decimals:
 * 1250 USD → "12.50", 500 JPY → "500", 1234 KWD → "1.234", 50000 ISK → "500". Built from the
 * digits, so no float rounding. `trimWhole` drops ".00" from whole amounts ("12").
 */
export function toMajorUnits(amountMinor: number, currency: string, options: { trimWhole?: boolean } = {}): string {
  const minor = minorUnitDigits(currency);
  const shown = displayDigits(currency);
  const sign = amountMinor < 0 ? '-' : '';
  const digits = String(Math.abs(Math.trunc(amountMinor))).padStart(minor + 1, '0');
  const whole = digits.slice(0, digits.length - minor);
  let fraction = digits.slice(digits.length - minor);
  // Keep what the display shows, and any non-zero stored digit beyond it.
  while (fraction.length > shown && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  if (options.trimWhole && /^0*$/.test(fraction)) fraction = '';
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

export interface MoneyFormatOptions {
  /** A BCP 47 locale; the runtime's own when absent. Server-rendered pages fix one (hydration). */
  locale?: string;
  /** Whole amounts without decimals ("$24" rather than "$24.00"). */
  trimWhole?: boolean;
}

/** Minor units as people read them: 1250 USD → "$12.50", 500 JPY → "¥500"; `trimWhole`: "$24". */
export function formatMoney(amountMinor: number, currency: string, options: MoneyFormatOptions = {}): string {
  const upper = code(currency);
  const shown = displayDigits(upper);
  const major = toMajorUnits(amountMinor, upper, { trimWhole: options.trimWhole });
  const whole = !major.includes('.');
  try {
    return new Intl.NumberFormat(options.locale, {
      style: 'currency',
      currency: upper,
      minimumFractionDigits: options.trimWhole && whole ? 0 : shown,
      maximumFractionDigits: shown,
    }).format(Number(major));
  } catch {
    return `${major} ${upper}`;
  }
}

/**
 * A typed amount in the major unit as minor units; null when it is not one (empty, letters, a
 * sign, more decimals than the currency shows). Accepts "12", "12.5", ".5", "12,50" (a decimal
 * comma), "1,299.99" (thousands commas), and a leading or trailing currency symbol. Parsed as
 * digits, never through a float.
 */
export function parseMoney(text: string, currency: string): number | null {
  let clean = text.replace(/[\s\u00a0$€£¥]/g, '');
  if (/^\d{1,3}(,\d{3})+(\.\d*)?$/.test(clean)) clean = clean.replace(/,/g, '');
  else if (!clean.includes('.')) clean = clean.replace(',', '.');
  const match = /^(\d*)(?:\.(\d*))?$/.exec(clean);
  if (!match || clean === '' || clean === '.') return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (fraction.length > displayDigits(currency)) return null;
  const minor = minorUnitDigits(currency);
  const value = Number(`${whole || '0'}${fraction.padEnd(minor, '0')}`);
  return Number.isSafeInteger(value) ? value : null;
}

/** The currency's symbol on its own ("$", "€", "¥"), e.g. for a money input's prefix. */
export function currencySymbol(currency: string, locale = 'en-US'): string {
  const upper = code(currency);
  try {
    const part = new Intl.NumberFormat(locale, { style: 'currency', currency: upper }).formatToParts(0).find((p) => p.type === 'currency');
    return part?.value ?? upper;
  } catch {
    return upper;
  }
}
