import { parseFxRates } from './parse-fx-rates.ts';
import type { FxRateTable } from './fx-rate-table.ts';

/** A rate source slower than this is treated as down; the last good rates stay. */
export const FX_FETCH_TIMEOUT_MS = 10_000;
/** Rate sources answer a few kilobytes; a larger body is not one. */
const MAX_BODY_BYTES = 1_000_000;

export class FxRatesFetchError extends Error {
  override readonly name = 'FxRatesFetchError';
}

/**
 * GETs the rate source (FX_RATES_URL) and returns its rates, or throws FxRatesFetchError saying why:
 * unreachable, timed out, a non-2xx answer, not JSON, or refused by parseFxRates.
 */
export async function fetchFxRates(url: string, options: { today: Date; timeoutMs?: number }): Promise<FxRateTable> {
  let body: string;
  try {
    const response = await fetch(url, {
      headers: { accept: 'application/json' },
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? FX_FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new FxRatesFetchError(`the rate source answered HTTP ${response.status}`);
    body = await response.text();
  } catch (error) {
    if (error instanceof FxRatesFetchError) throw error;
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    throw new FxRatesFetchError(timedOut ? 'the rate source did not answer in time' : `the rate source could not be reached (${(error as Error).message})`);
  }
  if (body.length > MAX_BODY_BYTES) throw new FxRatesFetchError('the rate source answered more than 1 MB');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new FxRatesFetchError('the rate source did not answer JSON');
  }
  const parsed = parseFxRates(json, { today: options.today });
  if (!parsed.ok) throw new FxRatesFetchError(`the rate source's answer was refused: ${parsed.reason}`);
  return parsed.table;
}
