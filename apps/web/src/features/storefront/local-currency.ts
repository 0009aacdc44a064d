// Exports localCurrency and its hook useLocalCurrency: one module because the hook is the fetch's only caller.
import { useEffect, useState } from 'react';

/** The visitor's own currency and its rate: `value` units of `currency` per 1 `base` (the store's currency). */
export interface LocalCurrency {
  base: string;
  currency: string;
  value: number;
  /** From the bundled offline table rather than a fetched rate source: the note says so. */
  approximate: boolean;
}

/** Session storage: this tab's `GET /api/currency` answers by store currency (`{"USD": {…}}`). */
export const CURRENCY_SESSION_KEY = 'shopfront.currency.v1';
/** Local storage: the visitor's detected currency (spec §7: cached in session and local storage). */
export const CURRENCY_LOCAL_KEY = 'shopfront.currency';

/** What the storefront reads of a `GET /api/currency` answer (checked before use: it may be cached from an older build). */
interface CurrencyAnswer {
  currency?: unknown;
  detectedCurrency?: string;
  rate?: { base?: string; value?: number; approximate?: boolean } | null;
}

/**
 * The visitor's currency and rate against `base` (upper case), asked of `GET /api/currency` once
 * per tab and store currency; null when it is the store's own, when there is no rate, or on any
 * failure (a price in the store currency alone is always right, so nothing is shown or thrown).
 * Storage a browser refuses only costs the cache.
 */
export async function localCurrency(base: string, fetchImpl: typeof fetch = fetch): Promise<LocalCurrency | null> {
  let answers: Record<string, CurrencyAnswer> = {};
  try {
    answers = JSON.parse(sessionStorage.getItem(CURRENCY_SESSION_KEY)!) ?? {};
  } catch {
    // Refused or unreadable: ask again.
  }
  try {
    let answer = answers[base];
    if (!answer) {
      const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
      const response = await fetchImpl(`/api/currency?base=${base}${zone ? `&tz=${encodeURIComponent(zone)}` : ''}`);
      if (!response.ok) return null;
      answers[base] = answer = (await response.json()) as CurrencyAnswer;
      try {
        sessionStorage.setItem(CURRENCY_SESSION_KEY, JSON.stringify(answers));
        localStorage.setItem(CURRENCY_LOCAL_KEY, String(answer.detectedCurrency));
      } catch {
        // Not cached: the next page asks again.
      }
    }
    const { currency, rate } = answer;
    const value = rate?.value ?? 0;
    return typeof currency == 'string' && currency !== base && rate?.base === base && value > 0
      ? { base, currency, value, approximate: rate.approximate !== false }
      : null;
  } catch {
    return null;
  }
}

/**
 * The visitor's currency against `base`, once the page has hydrated (effects never run in the
 * server render, whose HTML every visitor shares). Undefined `base` (nothing priced, the owner's
 * preview) asks nothing.
 */
export function useLocalCurrency(base: string | undefined): LocalCurrency | null {
  const [found, setFound] = useState<LocalCurrency | null>(null);
  useEffect(() => {
    let live = true;
    // Only an answer is set: a render for nothing would be wasted, and `found` is keyed by base anyway.
    if (base) void localCurrency(base).then((next) => live && next && setFound(next));
    return () => {
      live = false;
    };
  }, [base]);
  return found?.base === base ? found : null;
}
