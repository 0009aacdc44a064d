// Exports FxRateTable, bundledFxRates, convertRate: one module because the table's shape, the
// bundled instance and the one way to read a rate from it belong together.
import { isStripeCurrency } from '@shopfront/core';
import bundled from './fallback-rates.json' with { type: 'json' };

/** One set of exchange rates: `rates[c]` is units of `c` per 1 `base` (`rates[base]` is 1). */
export interface FxRateTable {
  base: string;
  /** The day the rates are for, YYYY-MM-DD. */
  asOf: string;
  /** The bundled offline table (true), or rates fetched from FX_RATES_URL (false). */
  approximate: boolean;
  rates: ReadonlyMap<string, number>;
}

let bundledTable: FxRateTable | null = null;

/** The approximate table shipped with the server (fallback-rates.json), for offline use. */
export function bundledFxRates(): FxRateTable {
  bundledTable ??= Object.freeze({
    base: bundled.base,
    asOf: bundled.asOf,
    approximate: true,
    rates: new Map(Object.entries(bundled.rates).filter(([code]) => isStripeCurrency(code))),
  });
  return bundledTable;
}

/**
 * Units of `to` per 1 `from`, through the table's base, to 6 significant digits (the rates are
 * approximate anyway, and this keeps float noise out of the JSON); null when either is missing.
 */
export function convertRate(table: FxRateTable, from: string, to: string): number | null {
  const fromRate = from === table.base ? 1 : table.rates.get(from);
  const toRate = to === table.base ? 1 : table.rates.get(to);
  if (!fromRate || !toRate) return null;
  return Number((toRate / fromRate).toPrecision(6));
}
