import { isStripeCurrency } from '@shopfront/core';
import { z } from 'zod';
import { bundledFxRates, convertRate, type FxRateTable } from './fx-rate-table.ts';

/**
 * What a rate source may send: `{base, rates}` (exchangerate.host, Frankfurter, Open Exchange
 * Rates) or `{base_code, rates}` (ExchangeRate-API), with an optional day (`date`, or the Unix
 * time of the last update).
 */
const PayloadSchema = z.object({
  base: z.string().optional(),
  base_code: z.string().optional(),
  date: z.string().optional(),
  timestamp: z.number().optional(),
  time_last_update_unix: z.number().optional(),
  rates: z.record(z.string(), z.unknown()),
});

/** Fewer rates than this for currencies a store can charge in: not a real rate source. */
export const MIN_FX_RATES = 20;
/** A rate this many times above or below the bundled one is a broken source, not a market move. */
export const MAX_FX_DRIFT = 1000;

export type ParsedFxRates = { ok: true; table: FxRateTable } | { ok: false; reason: string };

const day = (date: Date) => date.toISOString().slice(0, 10);

function asOfOf(payload: z.output<typeof PayloadSchema>, today: string): string {
  if (payload.date && /^\d{4}-\d{2}-\d{2}$/.test(payload.date) && payload.date <= today) return payload.date;
  const unix = payload.time_last_update_unix ?? payload.timestamp;
  if (unix !== undefined && Number.isFinite(unix) && unix > 0 && unix * 1000 <= Date.parse(`${today}T23:59:59Z`)) {
    return day(new Date(unix * 1000));
  }
  return today;
}

/**
 * A rate source's JSON as a rate table of the currencies a store can charge in, or why it is
 * refused: not the expected shape, an unknown base, too few rates, or any rate that is not a
 * positive number or is absurd next to the bundled table (docs/currency.md). Codes that are not
 * Stripe currencies are ignored.
 */
export function parseFxRates(json: unknown, options: { today: Date }): ParsedFxRates {
  const parsed = PayloadSchema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: 'the answer is not {base, rates} JSON' };
  const payload = parsed.data;
  const base = (payload.base ?? payload.base_code ?? '').trim().toUpperCase();
  if (!isStripeCurrency(base)) return { ok: false, reason: `the base currency ${JSON.stringify(base)} is not one we know` };

  const bundled = bundledFxRates();
  const rates = new Map<string, number>([[base, 1]]);
  for (const [key, value] of Object.entries(payload.rates)) {
    const code = key.trim().toUpperCase();
    if (!isStripeCurrency(code) || code === base) continue;
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return { ok: false, reason: `the rate for ${code} is not a positive number` };
    const expected = convertRate(bundled, base, code);
    if (expected !== null && (value > expected * MAX_FX_DRIFT || value < expected / MAX_FX_DRIFT)) {
      return { ok: false, reason: `the rate for ${code} (${value} per ${base}) is absurd` };
    }
    rates.set(code, value);
  }
  if (rates.size < MIN_FX_RATES) return { ok: false, reason: `only ${rates.size} usable rates (at least ${MIN_FX_RATES} expected)` };
  return { ok: true, table: { base, asOf: asOfOf(payload, day(options.today)), approximate: false, rates } };
}
