import { describe, expect, it } from 'vitest';
import type { LocalCurrency } from '../local-currency.ts';
import { convertMoney, localAmount } from './local-price.tsx';

const rate = (base: string, currency: string, value: number): LocalCurrency => ({ base, currency, value, approximate: false });

describe('convertMoney', () => {
  it.each([
    // 2-decimal to 2-decimal: 12.00 × 1.5334 = 18.4008 → 18.40.
    [1200, rate('USD', 'AUD', 1.5334), 'A$18.40'],
    // Rounded to the target's minor unit, on both sides of the half cent.
    [1000, rate('USD', 'EUR', 0.92349), '€9.23'],
    [1000, rate('USD', 'EUR', 0.92351), '€9.24'],
    // To a 0-decimal currency: whole yen.
    [1200, rate('USD', 'JPY', 156.123), '¥1,873'],
    // To a 3-decimal currency: fils.
    [1200, rate('USD', 'KWD', 0.30712), 'KWD 3.685'],
    // From a 0-decimal store currency (1200 is ¥1,200) and from a 3-decimal one (1500 is 1.500 KWD).
    [1200, rate('JPY', 'USD', 0.0064), '$7.68'],
    [1500, rate('KWD', 'USD', 3.2531), '$4.88'],
  ])('%i minor units at %o is %s', (amount, local, shown) => {
    expect(convertMoney(amount, local).replace(/\u00a0/g, ' ')).toBe(shown);
  });
});

describe('localAmount', () => {
  it('is the fixed price, or the pay-what-you-want minimum', () => {
    expect(localAmount({ priceMode: 'fixed', priceCents: 1200, minPriceCents: 0 })).toBe(1200);
    expect(localAmount({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 })).toBe(500);
  });

  it('is null where the block shows no amount: Free, no minimum, a link', () => {
    expect(localAmount({ priceMode: 'fixed', priceCents: 0, minPriceCents: 0 })).toBeNull();
    expect(localAmount({ priceMode: 'free', priceCents: 0, minPriceCents: 0 })).toBeNull();
    expect(localAmount({ priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 0 })).toBeNull();
    expect(localAmount({ priceMode: 'fixed', priceCents: null, minPriceCents: 0 })).toBeNull();
  });
});
