import type { StorefrontProduct } from '@shopfront/core';
import { priceDisplay } from '@shopfront/core/price-display';
import { localAmount, LocalPrice } from './local-price.tsx';

/**
 * A product's price: "$24" (with the compare-at struck through), "Free", or "Pay what you want · from $5".
 * Formatted with a fixed locale; a browser whose Intl data words it differently only re-renders the text.
 * Where the visitor's currency differs, "≈ A$36.80" follows the amount (the price, or the minimum).
 */
export function PriceBlock({ product, size = 'card' }: { product: StorefrontProduct; size?: 'card' | 'page' }) {
  const price = priceDisplay(product);
  if (!price) return null;
  const local = <LocalPrice amount={localAmount(product)} />;
  return (
    <p className="sf-price-block" data-size={size}>
      <span className="sf-price" suppressHydrationWarning>
        {price.main}
      </span>
      {price.note ? null : local}
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
      {price.note ? local : null}
    </p>
  );
}
