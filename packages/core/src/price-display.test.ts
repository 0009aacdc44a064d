import { describe, expect, it } from 'vitest';
import { formatMoney, parseMoney, toMajorUnits } from './money.ts';
import { formatPrice, priceDisplay } from './price-display.ts';

type Priced = Parameters<typeof priceDisplay>[0];
/** Only what the price reads: a product's price fields. */
const priced = (overrides: Partial<Priced> = {}): Priced => ({ priceMode: 'fixed', priceCents: 2400, minPriceCents: 0, compareAtCents: null, currency: 'usd', ...overrides });

describe('priceDisplay (product cards and pages)', () => {
  it('shows a fixed price in the product currency, whole amounts without decimals', () => {
    expect(priceDisplay(priced({ priceCents: 2400 }))).toEqual({ main: '$24', note: null, compareAt: null });
    expect(priceDisplay(priced({ priceCents: 950 }))?.main).toBe('$9.50');
    expect(priceDisplay(priced({ priceCents: 1200, currency: 'eur' }))?.main).toBe('€12');
    expect(priceDisplay(priced({ priceCents: 500, currency: 'jpy' }))?.main).toBe('¥500');
  });

  it('says Free for free products and lead magnets', () => {
    expect(priceDisplay(priced({ priceMode: 'free', priceCents: 0 }))).toEqual({ main: 'Free', note: null, compareAt: null });
    expect(priceDisplay(priced({ priceMode: 'free', priceCents: 0, compareAtCents: 900 }))?.compareAt).toBeNull();
  });

  it('says Pay what you want, with "from X" only when there is a minimum', () => {
    expect(priceDisplay(priced({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 }))).toEqual({
      main: 'Pay what you want',
      note: 'from $5',
      compareAt: null,
    });
    expect(priceDisplay(priced({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 0 }))?.note).toBeNull();
  });

  it('adds the compare-at price only when it is above the price', () => {
    expect(priceDisplay(priced({ priceCents: 1900, compareAtCents: 2900 }))?.compareAt).toBe('$29');
    expect(priceDisplay(priced({ priceCents: 1900, compareAtCents: 1900 }))?.compareAt).toBeNull();
  });

  it('shows nothing for link products', () => {
    expect(priceDisplay(priced({ priceCents: null }))).toBeNull();
    expect(formatPrice(null, 'usd')).toBeNull();
  });
});

describe('money in minor units', () => {
  it('formats and parses by the currency’s decimals', () => {
    expect(formatMoney(1999, 'usd', { locale: 'en-US', trimWhole: true })).toBe('$19.99');
    expect(parseMoney('12', 'usd')).toBe(1200);
    expect(parseMoney('12.5', 'usd')).toBe(1250);
    expect(parseMoney('12,50', 'eur')).toBe(1250);
    expect(parseMoney(' $7.05 ', 'usd')).toBe(705);
    expect(parseMoney('0', 'usd')).toBe(0);
    expect(parseMoney('500', 'jpy')).toBe(500);
    expect(parseMoney('5.5', 'jpy')).toBeNull();
    expect(parseMoney('12.345', 'usd')).toBeNull();
    expect(parseMoney('abc', 'usd')).toBeNull();
    expect(parseMoney('-3', 'usd')).toBeNull();
    expect(toMajorUnits(1250, 'usd')).toBe('12.50');
    expect(toMajorUnits(500, 'jpy')).toBe('500');
  });
});
