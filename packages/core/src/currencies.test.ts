import { describe, expect, it } from 'vitest';
import { currencyName, isStripeCurrency, STRIPE_CURRENCIES } from './currencies.ts';
import { CurrencySchema } from './functions/checkout.ts';
import { formatMoney, minorUnitDigits } from './money.ts';

const codes = STRIPE_CURRENCIES.map((currency) => currency.code);

describe('STRIPE_CURRENCIES', () => {
  it('lists 140 or more currencies, each once, sorted by code, every one with a name', () => {
    expect(codes.length).toBeGreaterThanOrEqual(140);
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes).toEqual([...codes].sort());
    for (const { code, name } of STRIPE_CURRENCIES) {
      expect(code, code).toMatch(/^[A-Z]{3}$/);
      expect(name.trim().length, code).toBeGreaterThan(2);
      expect(name, code).not.toBe(code);
    }
  });

  it.each([
    ['JPY', 0],
    ['KRW', 0],
    ['VND', 0],
    ['CLP', 0],
    ['XOF', 0],
    ['UGX', 0],
    ['USD', 2],
    ['ISK', 2],
    ['HUF', 2],
    ['COP', 2],
    ['BHD', 3],
    ['JOD', 3],
    ['KWD', 3],
    ['OMR', 3],
    ['TND', 3],
  ])('%s has %i decimals', (code, digits) => {
    expect(STRIPE_CURRENCIES.find((currency) => currency.code === code)?.digits).toBe(digits);
  });

  it("agrees with money's minor units for every currency, so stored amounts go to Stripe as is", () => {
    const disagreeing = STRIPE_CURRENCIES.filter(({ code, digits }) => minorUnitDigits(code) !== digits).map(({ code }) => code);
    expect(disagreeing).toEqual([]);
  });

  it('formats an amount in every currency with Intl', () => {
    for (const { code } of STRIPE_CURRENCIES) expect(formatMoney(1000, code, { locale: 'en-US' }), code).toMatch(/\d/);
  });
});

describe('currencyName and isStripeCurrency', () => {
  it.each([
    ['AUD', 'Australian dollar'],
    ['aud', 'Australian dollar'],
    [' KWD ', 'Kuwaiti dinar'],
    ['EUR', 'Euro'],
  ])('%j is %s', (code, name) => {
    expect(currencyName(code)).toBe(name);
    expect(isStripeCurrency(code)).toBe(true);
  });

  it.each(['CNH', 'ZWG', 'IRR', 'XXX', 'US', ''])('%j is not a currency a store can charge in', (code) => {
    expect(currencyName(code)).toBeNull();
    expect(isStripeCurrency(code)).toBe(false);
  });
});

describe('CurrencySchema', () => {
  it.each(['AUD', 'jpy', ' KWD ', 'XCG'])('accepts the Stripe currency %j, upper-cased', (code) => {
    expect(CurrencySchema.parse(code)).toBe(code.trim().toUpperCase());
  });

  it.each(['CNH', 'ZWG', 'IRR', 'US', ''])('refuses %j with the picker message', (code) => {
    const result = CurrencySchema.safeParse(code);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please choose a supported currency.');
  });
});
