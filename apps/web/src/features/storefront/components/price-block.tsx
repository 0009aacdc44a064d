import type { StorefrontProduct } from '@shopfront/core';
import { priceDisplay } from '@shopfront/core/price-display';

/**
 * A product's price: "$24" (with the compare-at struck through), "Free", or "Pay what you want · from $5".
 * Formatted with a fixed locale; a browser whose Intl data words it differently only re-renders the text.
 */
export function PriceBlock({ product, size = 'card' }: { product: StorefrontProduct; size?: 'card' | 'page' }) {
  const price = priceDisplay(product);
  if (!price) return null;
  return (
    <p className="sf-price-block" data-size={size}>
      <span className="sf-price" suppressHydrationWarning>
        {price.main}
      </span>
      {price.compareAt ? (
        <s className="sf-compare-at" suppressHydrationWarning>
          <span className="sf-sr-only">Regular price </span>
          {price.compareAt}
        </s>
      ) : null}
      {price.note ? (
        <span className="sf-price-note" suppressHydrationWarning>
          {price.note}
        </span>
      ) : null}
    </p>
  );
}
