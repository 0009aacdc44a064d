import { AppError, detectRegion, isValidTimeZone, ISO_CURRENCY_CODES, type Region } from '@shopfront/core';
import type { FastifyInstance } from 'fastify';
import type { Database } from '#src/db/client.ts';
import { createFxRatesReader } from '#src/domain/currency/create-fx-rates-reader.ts';
import { detectCurrency, type CurrencySource } from '#src/domain/currency/detect-currency.ts';
import { convertRate } from '#src/domain/currency/fx-rate-table.ts';
import type { Env } from '#src/env.ts';
import { sendError } from '#src/http/callable/callable-reply.ts';

export const CURRENCY_PATH = '/api/currency';

export const CURRENCY_MESSAGES = {
  badTimeZone: 'Please send a valid time zone, such as Australia/Sydney.',
  badBase: 'Please send a valid currency code, such as USD.',
} as const;

/** Longer than any IANA zone name (the longest is 32 characters). */
const MAX_TIME_ZONE_LENGTH = 64;

/** The answer of GET /api/currency (docs/currency.md). */
export interface CurrencyAnswer {
  success: true;
  /** Spec §7's name for the visitor's currency. */
  detectedCurrency: string;
  currency: string;
  country: string | null;
  city: null;
  timezone: string | null;
  region: Region;
  source: CurrencySource;
  /** Units of `currency` per 1 `base`, when `base` was asked and both rates are known. */
  rate: { base: string; value: number; approximate: boolean; asOf: string } | null;
}

type Query = Record<string, string | string[] | undefined>;

/** One optional query value; an array (the parameter sent twice) is malformed. */
function single(query: Query, name: string): string | null | undefined {
  const value = query[name];
  if (Array.isArray(value)) return undefined;
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * GET /api/currency?tz=<IANA zone>&base=<ISO 4217>: the visitor's currency (spec §7), from a
 * trusted proxy's country header, Accept-Language, then `tz`, and with `base` the approximate rate
 * from the store's currency to it. Public and per visitor: `private, no-store`.
 */
export async function currencyRoutes(app: FastifyInstance, options: { env: Env; db: Database; now: () => Date }): Promise<void> {
  const rates = createFxRatesReader({ db: options.db, now: options.now, log: app.log.child({ component: 'fx-rates' }) });
  const { countryHeaders } = options.env.currency;

  app.get<{ Querystring: Query }>(CURRENCY_PATH, async (request, reply) => {
    const timeZone = single(request.query, 'tz');
    if (timeZone === undefined || (timeZone !== null && (timeZone.length > MAX_TIME_ZONE_LENGTH || !isValidTimeZone(timeZone)))) {
      return sendError(request, reply, new AppError('invalid-argument', CURRENCY_MESSAGES.badTimeZone), 400);
    }
    const rawBase = single(request.query, 'base');
    const base = rawBase?.toUpperCase() ?? null;
    if (rawBase === undefined || (base !== null && !ISO_CURRENCY_CODES.has(base))) {
      return sendError(request, reply, new AppError('invalid-argument', CURRENCY_MESSAGES.badBase), 400);
    }

    const detected = detectCurrency({ headers: request.headers, countryHeaders, timeZone });
    let rate: CurrencyAnswer['rate'] = null;
    if (base !== null) {
      const table = await rates.current();
      const value = convertRate(table, base, detected.currency);
      if (value !== null) rate = { base, value, approximate: table.approximate, asOf: table.asOf };
    }
    const answer: CurrencyAnswer = {
      success: true,
      detectedCurrency: detected.currency,
      currency: detected.currency,
      country: detected.country,
      city: null,
      timezone: timeZone,
      // Spec §4: only a proxy's country counts as the worker's; otherwise the time zone decides.
      region: detectRegion({ workerCountry: detected.source === 'header' ? detected.country : null, timeZone }),
      source: detected.source,
      rate,
    };
    return reply.header('cache-control', 'private, no-store').send(answer);
  });
}
