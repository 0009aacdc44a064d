import { formatMoney } from './money.ts';
import type { StorefrontProduct } from './schemas/store-profile.ts';

// Zod-free (a storefront and website subpath, `@shopfront/core/price-display`): the product's price
// as storefront cards, product pages and website blocks word it.

/** Whole amounts without decimals; a fixed locale keeps the server's HTML and the hydration identical. */
const money = (amountMinor: number, currency: string) => formatMoney(amountMinor, currency, { locale: 'en-US', trimWhole: true });

/**
 * "€12", "$9.50", "Free". Null means the product has no fixed price (a link): nothing is shown.
 */
export function formatPrice(priceCents: number | null, currency: string): string | null {
  if (priceCents === null) return null;
  if (priceCents === 0) return 'Free';
  return money(priceCents, currency);
}

/** What a product's price block says (cards and the product page). */
export interface PriceDisplay {
  /** "$24", "Free", "Pay what you want". */
  main: string;
  /** Pay what you want with a minimum: "from $5". */
  note: string | null;
  /** The compare-at price, shown struck through. */
  compareAt: string | null;
}

/** Null for link products (no price). */
export function priceDisplay(product: Pick<StorefrontProduct, 'priceMode' | 'priceCents' | 'minPriceCents' | 'compareAtCents' | 'currency'>): PriceDisplay | null {
  if (product.priceCents === null) return null;
  const { currency } = product;
  if (product.priceMode === 'free' || (product.priceMode === 'fixed' && product.priceCents === 0)) {
    return { main: 'Free', note: null, compareAt: null };
  }
  const compareAt =
    product.compareAtCents !== null && product.compareAtCents > product.priceCents ? money(product.compareAtCents, currency) : null;
  if (product.priceMode === 'pay-what-you-want') {
    return { main: 'Pay what you want', note: product.minPriceCents > 0 ? `from ${money(product.minPriceCents, currency)}` : null, compareAt: null };
  }
  return { main: money(product.priceCents, currency), note: null, compareAt };
}
