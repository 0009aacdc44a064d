// Exports LocalPrice, its note, context and amount rule: one module because they render one currency answer.
import type { StorefrontProduct } from '@shopfront/core';
import { formatMoney, minorUnitDigits } from '@shopfront/core/money';
import { createContext, useContext } from 'react';
import type { LocalCurrency } from '../local-currency.ts';

/** The page's local currency; null (the default) shows prices in the store currency only. */
export const LocalCurrencyContext = createContext<LocalCurrency | null>(null);

/**
 * The amount a price block shows in the store currency, in minor units: the fixed price, or the
 * pay-what-you-want minimum; null for "Free", no minimum and links.
 */
export function localAmount(product: Pick<StorefrontProduct, 'priceMode' | 'priceCents' | 'minPriceCents'>): number | null {
  if (product.priceCents === null) return null;
  return (product.priceMode === 'fixed' ? product.priceCents : product.priceMode === 'pay-what-you-want' ? product.minPriceCents : 0) || null;
}

/** `amountMinor` of the store currency in the local one, rounded to its minor unit: 1200 USD at 1.5334 → "A$18.40". */
export function convertMoney(amountMinor: number, local: LocalCurrency): string {
  const major = (amountMinor / 10 ** minorUnitDigits(local.base)) * local.value;
  return formatMoney(Math.round(major * 10 ** minorUnitDigits(local.currency)), local.currency, { locale: 'en-US' });
}

/** "≈ A$18.40" beside a price, read as "approximately A$18.40"; nothing without a local currency. */
export function LocalPrice({ amount }: { amount: number | null }) {
  const local = useContext(LocalCurrencyContext);
  if (!local || !amount) return null;
  return (
    <span className="sf-price-local">
      <span className="sf-sr-only">approximately </span>
      <span aria-hidden="true">≈ </span>
      {convertMoney(amount, local)}
    </span>
  );
}

/** Once per page where local prices show: they are estimates, and the charge is in the store currency. */
export function LocalPriceNote() {
  const local = useContext(LocalCurrencyContext);
  if (!local) return null;
  return (
    <p className="sf-local-note">{`Approximate prices in ${local.currency}${local.approximate ? ', at offline reference rates' : ''}. You pay in ${local.base}.`}</p>
  );
}
