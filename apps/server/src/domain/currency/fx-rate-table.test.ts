import { STRIPE_CURRENCIES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { bundledFxRates, convertRate } from './fx-rate-table.ts';

describe('the bundled rate table', () => {
  it('has a positive USD rate for every currency a store can charge in, and is marked approximate', () => {
    const table = bundledFxRates();
    const missing = STRIPE_CURRENCIES.filter(({ code }) => !((table.rates.get(code) ?? 0) > 0)).map(({ code }) => code);
    expect(missing).toEqual([]);
    expect(table).toMatchObject({ base: 'USD', approximate: true, asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
  });

  it('prices $12.00 at A$18.40 (1 USD = 1.5334 AUD)', () => {
    expect(convertRate(bundledFxRates(), 'USD', 'AUD')).toBe(1.5334);
  });
});

describe('convertRate', () => {
  const table = { base: 'EUR', asOf: '2030-01-01', approximate: false, rates: new Map([['USD', 1.25], ['JPY', 160]]) };

  it.each([
    ['USD', 'JPY', 128],
    ['JPY', 'USD', 0.0078125],
    ['EUR', 'USD', 1.25],
    ['USD', 'EUR', 0.8],
    ['USD', 'USD', 1],
    ['USD', 'AUD', null],
    ['AUD', 'USD', null],
  ])('%s → %s: %s', (from, to, value) => {
    expect(convertRate(table, from, to)).toBe(value);
  });
});
