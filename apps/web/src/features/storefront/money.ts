/**
 * Money on the storefront: amounts are integers of the currency's minor unit (docs/selling.md).
 * A fixed locale keeps the server's HTML and the browser's hydration identical.
 */
const LOCALE = 'en-US';

/** How many decimals the currency's major unit has: 2 for USD/EUR, 0 for JPY, 3 for KWD. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat(LOCALE, { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "$24", "$9.50", "¥500", "€12" — whole amounts without decimals. */
export function formatMoney(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  const amount = minor / 10 ** digits;
  const whole = minor % 10 ** digits === 0;
  try {
    return new Intl.NumberFormat(LOCALE, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: whole ? 0 : digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/** An amount typed by a buyer in the major unit ("12", "12.5", "12,50", "$12") in minor units; null when it is no amount. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const cleaned = text.trim().replace(/[\s\u00a0$€£¥]/g, '').replace(',', '.');
  const pattern = digits === 0 ? /^\d{1,9}$/ : new RegExp(`^\\d{0,9}(?:\\.\\d{0,${digits}})?$`);
  if (!cleaned || cleaned === '.' || !pattern.test(cleaned)) return null;
  const [whole = '', fraction = ''] = cleaned.split('.');
  return Number(whole || '0') * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as a plain decimal for an input's value ("12.50", "500"). */
export function toMajorInput(minor: number, currency: string): string {
  const digits = minorDigits(currency);
  return (minor / 10 ** digits).toFixed(digits);
}
