import { STRIPE_CURRENCIES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { bundledFxRates } from './fx-rate-table.ts';
import { MAX_FX_DRIFT, MIN_FX_RATES, parseFxRates } from './parse-fx-rates.ts';

const today = new Date('2030-06-02T12:00:00Z');
/** The bundled USD rates of the first `count` Stripe currencies (USD among them counts once). */
const bundledSet = (count: number) =>
  Object.fromEntries(STRIPE_CURRENCIES.map(({ code }) => code).filter((code) => code !== 'USD').slice(0, count - 1).map((code) => [code, bundledFxRates().rates.get(code)]));

describe('parseFxRates', () => {
  it(`takes ${MIN_FX_RATES} usable rates and refuses ${MIN_FX_RATES - 1}`, () => {
    expect(parseFxRates({ base: 'USD', rates: bundledSet(MIN_FX_RATES) }, { today }).ok).toBe(true);
    expect(parseFxRates({ base: 'USD', rates: bundledSet(MIN_FX_RATES - 1) }, { today })).toEqual({
      ok: false,
      reason: `only ${MIN_FX_RATES - 1} usable rates (at least ${MIN_FX_RATES} expected)`,
    });
  });

  it(`takes a rate ${MAX_FX_DRIFT} times the bundled one, and refuses one just past it either way`, () => {
    const rates = { ...bundledSet(40), AUD: 1.5334 * MAX_FX_DRIFT };
    expect(parseFxRates({ base: 'USD', rates }, { today }).ok).toBe(true);
    expect(parseFxRates({ base: 'USD', rates: { ...rates, AUD: 1.5334 * MAX_FX_DRIFT * 1.01 } }, { today }).ok).toBe(false);
    expect(parseFxRates({ base: 'USD', rates: { ...rates, AUD: 1.5334 / MAX_FX_DRIFT } }, { today }).ok).toBe(true);
    expect(parseFxRates({ base: 'USD', rates: { ...rates, AUD: 1.5334 / MAX_FX_DRIFT / 1.01 } }, { today }).ok).toBe(false);
  });

  it('ignores codes a store cannot charge in, and upper-cases the rest', () => {
    const parsed = parseFxRates({ base: 'usd', rates: { ...bundledSet(30), IRR: 42_000, BTC: 0.00001, aud: 1.6 } }, { today });
    expect(parsed.ok && [parsed.table.base, parsed.table.rates.has('IRR'), parsed.table.rates.has('BTC'), parsed.table.rates.get('AUD')]).toEqual(['USD', false, false, 1.6]);
  });

  it.each([
    ['its own date', { date: '2030-06-01' }, '2030-06-01'],
    ['a date in the future: today', { date: '2030-06-03' }, '2030-06-02'],
    ['a Unix update time', { time_last_update_unix: Date.parse('2030-05-30T20:00:00Z') / 1000 }, '2030-05-30'],
    ['an Open Exchange Rates timestamp', { timestamp: Date.parse('2030-05-31T20:00:00Z') / 1000 }, '2030-05-31'],
    ['no date: today', {}, '2030-06-02'],
  ])('is dated by %s', (_name, extra, asOf) => {
    const parsed = parseFxRates({ base: 'USD', rates: bundledSet(30), ...extra }, { today });
    expect(parsed.ok && parsed.table.asOf).toBe(asOf);
  });
});
