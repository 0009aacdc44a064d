/**
 * Money in the dashboard: the API speaks integer minor units ("cents"); creators type major units
 * ("9.99"). The number of decimals is the currency's own (2 for USD, 0 for JPY).
 */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** "$9.50", "$12", "¥500". A fixed locale so tests and screens agree. */
export function formatMoney(cents: number, currency: string): string {
  const digits = currencyDigits(currency);
  const amount = cents / 10 ** digits;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: cents % 10 ** digits === 0 ? 0 : digits,
      maximumFractionDigits: digits,
    }).format(amount);
  } catch {
    return `${amount.toFixed(digits)} ${currency.toUpperCase()}`;
  }
}

/** What a money input shows for an amount: "9.5" → "9.50", 1200 cents → "12". Empty for null. */
export function centsToInput(cents: number | null, currency: string): string {
  if (cents === null) return '';
  const digits = currencyDigits(currency);
  const amount = cents / 10 ** digits;
  return cents % 10 ** digits === 0 ? String(amount) : amount.toFixed(digits);
}

/**
 * A typed amount in minor units. `null` when empty; `NaN` when it is not an amount (letters, or
 * more decimals than the currency has). Accepts "9.99", "9,99", "$9.99", "1,299.00".
 */
export function inputToCents(text: string, currency: string): number | null {
  let clean = text.replace(/[\s$€£¥]/g, '');
  if (clean === '') return null;
  if (/^\d{1,3}(,\d{3})+(\.\d+)?$/.test(clean)) clean = clean.replace(/,/g, '');
  else if (!clean.includes('.')) clean = clean.replace(',', '.');
  const match = /^(\d+)(?:\.(\d*))?$/.exec(clean);
  if (!match) return Number.NaN;
  const digits = currencyDigits(currency);
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return Number.NaN;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** The currency's symbol on its own ("$", "€"), for the money inputs' prefix. */
export function currencySymbol(currency: string): string {
  try {
    const part = new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() })
      .formatToParts(0)
      .find((p) => p.type === 'currency');
    return part?.value ?? currency.toUpperCase();
  } catch {
    return currency.toUpperCase();
  }
}
