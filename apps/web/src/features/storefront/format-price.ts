/**
 * "€12", "$9.50", "Free". A fixed locale, so the server's HTML and the browser's hydration agree.
 * Null means the product has no fixed price: nothing is shown.
 */
export function formatPrice(priceCents: number | null, currency: string): string | null {
  if (priceCents === null) return null;
  if (priceCents === 0) return 'Free';
  const amount = priceCents / 100;
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: priceCents % 100 === 0 ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}
