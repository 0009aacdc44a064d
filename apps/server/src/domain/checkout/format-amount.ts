/**
 * A minor-unit amount as people read it ("$12.00", "¥500"), for receipts and the test card page.
 * The currency's own number of decimals comes from Intl, so JPY has none and USD two.
 */
export function formatAmount(amountCents: number, currency: string): string {
  if (amountCents === 0) return 'Free';
  try {
    const format = new Intl.NumberFormat('en', { style: 'currency', currency });
    const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
    return format.format(amountCents / 10 ** digits);
  } catch {
    return `${(amountCents / 100).toFixed(2)} ${currency}`;
  }
}
