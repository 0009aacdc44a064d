import { formatMoney, minorUnitDigits } from '@shopfront/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FX_RATES_CACHE_MS } from '#src/domain/currency/create-fx-rates-reader.ts';
import { saveFxRates } from '#src/domain/currency/fx-rates-store.ts';
import { manualClock } from '#src/testing/clock.ts';
import { createTestApp, type TestApp } from '#src/testing/test-app.ts';
import { testEnv } from '#src/testing/test-env.ts';
import { CURRENCY_MESSAGES, CURRENCY_PATH, type CurrencyAnswer } from './currency-routes.ts';

const clock = manualClock(new Date('2030-06-01T00:00:00.000Z'));
let t: TestApp;
let custom: TestApp;
let untrusting: TestApp;
beforeAll(async () => {
  [t, custom, untrusting] = await Promise.all([
    createTestApp({ now: clock.now }),
    createTestApp({ env: testEnv({ CURRENCY_COUNTRY_HEADERS: 'x-client-country' }) }),
    createTestApp({ env: testEnv({ CURRENCY_COUNTRY_HEADERS: 'none' }) }),
  ]);
});
afterAll(() => Promise.all([t, custom, untrusting].map((app) => app?.close())));

type Query = Record<string, string>;
const ask = (app: TestApp, query: Query = {}, headers: Record<string, string> = {}) =>
  app.app.inject({ method: 'GET', url: CURRENCY_PATH, query, headers });
const answer = async (app: TestApp, query: Query = {}, headers: Record<string, string> = {}) => {
  const response = await ask(app, query, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<CurrencyAnswer>();
};
const detected = (body: CurrencyAnswer) => ({ currency: body.currency, country: body.country, source: body.source });

describe('GET /api/currency: detection', () => {
  it.each([
    ['CF-IPCountry', { 'cf-ipcountry': 'AU' }, { currency: 'AUD', country: 'AU', source: 'header' }],
    ['X-Vercel-IP-Country', { 'x-vercel-ip-country': 'JP' }, { currency: 'JPY', country: 'JP', source: 'header' }],
    ['CloudFront-Viewer-Country', { 'cloudfront-viewer-country': 'de' }, { currency: 'EUR', country: 'DE', source: 'header' }],
    ['a header over Accept-Language', { 'cf-ipcountry': 'GB', 'accept-language': 'en-AU' }, { currency: 'GBP', country: 'GB', source: 'header' }],
    ['an unknown country (XX) falling through to the language', { 'cf-ipcountry': 'XX', 'accept-language': 'en-NZ' }, { currency: 'NZD', country: 'NZ', source: 'language' }],
    ['Tor (T1) falling through', { 'cf-ipcountry': 'T1' }, { currency: 'USD', country: null, source: 'default' }],
    ['a country whose currency Stripe lacks (Cuba): USD', { 'cf-ipcountry': 'CU' }, { currency: 'USD', country: 'CU', source: 'header' }],
    ['a region subtag', { 'accept-language': 'en-AU,en;q=0.9' }, { currency: 'AUD', country: 'AU', source: 'language' }],
    ['a script and region subtag', { 'accept-language': 'zh-Hant-TW' }, { currency: 'TWD', country: 'TW', source: 'language' }],
    ['a bare language with a home country', { 'accept-language': 'ja' }, { currency: 'JPY', country: 'JP', source: 'language' }],
    ['q-values, highest first', { 'accept-language': 'fr-CA;q=0.5, de-CH;q=0.9, *;q=0.1' }, { currency: 'CHF', country: 'CH', source: 'language' }],
    ['a later range of the same language', { 'accept-language': 'en, en-GB;q=0.8' }, { currency: 'GBP', country: 'GB', source: 'language' }],
    ['"en" alone: nothing', { 'accept-language': 'en' }, { currency: 'USD', country: null, source: 'default' }],
    ['a second language is not a country', { 'accept-language': 'en, fr-FR;q=0.5' }, { currency: 'USD', country: null, source: 'default' }],
    ['nothing at all', {}, { currency: 'USD', country: null, source: 'default' }],
  ])('%s', async (_name, headers, expected) => {
    expect(detected(await answer(t, {}, headers))).toEqual(expected);
  });

  it.each([
    ['Australia/Sydney', { currency: 'AUD', country: 'AU', source: 'timezone' }],
    ['Asia/Kolkata', { currency: 'INR', country: 'IN', source: 'timezone' }],
    ['Asia/Calcutta', { currency: 'INR', country: 'IN', source: 'timezone' }],
    ['Europe/Berlin', { currency: 'EUR', country: 'DE', source: 'timezone' }],
    ['UTC', { currency: 'USD', country: null, source: 'default' }],
  ])('time zone %s, after an English without country', async (tz, expected) => {
    const body = await answer(t, { tz }, { 'accept-language': 'en' });
    expect(detected(body)).toEqual(expected);
    expect(body.timezone).toBe(tz);
  });

  it('answers every field of the contract, uncached', async () => {
    const response = await ask(t, { tz: 'Australia/Sydney' }, { 'cf-ipcountry': 'AU' });
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.json()).toEqual({
      success: true,
      detectedCurrency: 'AUD',
      currency: 'AUD',
      country: 'AU',
      city: null,
      timezone: 'Australia/Sydney',
      region: 'sydney',
      source: 'header',
      rate: null,
    });
  });

  it.each([
    ['a header country in Asia-Pacific', { tz: 'America/Chicago' }, { 'cf-ipcountry': 'NZ' }, 'sydney'],
    ['a header country elsewhere, whatever the zone', { tz: 'Australia/Sydney' }, { 'cf-ipcountry': 'US' }, 'us-central'],
    ['a Sydney zone without a header', { tz: 'Australia/Sydney' }, {}, 'sydney'],
    ['a Chicago zone', { tz: 'America/Chicago' }, { 'accept-language': 'en-AU' }, 'us-central'],
    ['a language alone does not choose the region', {}, { 'accept-language': 'en-AU' }, 'us-central'],
  ])('region: %s', async (_name, query, headers, region) => {
    expect((await answer(t, query, headers)).region).toBe(region);
  });

  it('believes only the configured header: a custom one, and not the defaults', async () => {
    expect(detected(await answer(custom, {}, { 'x-client-country': 'SG' }))).toEqual({ currency: 'SGD', country: 'SG', source: 'header' });
    expect(detected(await answer(custom, {}, { 'cf-ipcountry': 'SG' }))).toEqual({ currency: 'USD', country: null, source: 'default' });
  });

  it('believes no header when the env names none', async () => {
    const body = await answer(untrusting, {}, { 'cf-ipcountry': 'AU', 'x-vercel-ip-country': 'AU', 'accept-language': 'de' });
    expect(detected(body)).toEqual({ currency: 'EUR', country: 'DE', source: 'language' });
  });
});

describe('GET /api/currency: rates (the bundled approximate table while none is stored)', () => {
  /** A USD price in the visitor's currency, converted between the two currencies' minor units. */
  const priceIn = (body: CurrencyAnswer, cents: number) => {
    const minor = Math.round((cents / 100) * (body.rate?.value ?? Number.NaN) * 10 ** minorUnitDigits(body.currency));
    return formatMoney(minor, body.currency, { locale: 'en-US' });
  };

  it('an Australian visitor of a USD store: $12.00 is about A$18.40', async () => {
    const body = await answer(t, { base: 'USD' }, { 'accept-language': 'en-AU' });
    expect(body.rate).toEqual({ base: 'USD', value: 1.5334, approximate: true, asOf: '2025-07-01' });
    expect(priceIn(body, 1200)).toBe('A$18.40');
  });

  it.each([
    ['a zero-decimal currency (JPY)', 'JP', 'JPY', 145, '¥1,740'],
    ['a two-decimal currency (EUR)', 'DE', 'EUR', 0.853, '€10.24'],
    ['a three-decimal currency (KWD)', 'KW', 'KWD', 0.306, 'KWD 3.672'],
  ])('%s', async (_name, country, currency, value, shown) => {
    const body = await answer(t, { base: 'usd' }, { 'cf-ipcountry': country });
    expect(body.currency).toBe(currency);
    expect(body.rate?.value).toBe(value);
    // $12.00 in the visitor's currency, in its own minor units.
    expect(priceIn(body, 1200).replace(/\u00a0/g, ' ')).toBe(shown);
  });

  it('from a three-decimal store currency: 1 KWD in AUD, and 1 AUD in AUD', async () => {
    expect((await answer(t, { base: 'KWD' }, { 'cf-ipcountry': 'AU' })).rate?.value).toBe(5.01111);
    expect((await answer(t, { base: 'AUD' }, { 'cf-ipcountry': 'AU' })).rate?.value).toBe(1);
  });

  it('no rate without a base, or for a currency code with no rate (IRR)', async () => {
    expect((await answer(t, {}, { 'cf-ipcountry': 'AU' })).rate).toBeNull();
    expect((await answer(t, { base: 'IRR' }, { 'cf-ipcountry': 'AU' })).rate).toBeNull();
  });

  it(`uses stored rates once the ${FX_RATES_CACHE_MS / 60_000}-minute cache has passed, not before`, async () => {
    const before = await answer(t, { base: 'USD' }, { 'cf-ipcountry': 'AU' });
    expect(before.rate?.approximate).toBe(true);
    await saveFxRates(t.db, { base: 'EUR', asOf: '2030-05-31', approximate: false, rates: new Map([['EUR', 1], ['USD', 1.25], ['AUD', 2]]) }, { now: clock.now() });
    clock.advance(FX_RATES_CACHE_MS - 1);
    expect((await answer(t, { base: 'USD' }, { 'cf-ipcountry': 'AU' })).rate).toEqual(before.rate);
    clock.advance(1);
    expect((await answer(t, { base: 'USD' }, { 'cf-ipcountry': 'AU' })).rate).toEqual({ base: 'USD', value: 1.6, approximate: false, asOf: '2030-05-31' });
  });
});

describe('GET /api/currency: bad input', () => {
  it.each([
    ['an unknown zone', { tz: 'Mars/Olympus_Mons' }, CURRENCY_MESSAGES.badTimeZone],
    ['a zone past 64 characters', { tz: `Australia/${'x'.repeat(55)}` }, CURRENCY_MESSAGES.badTimeZone],
    ['a code that is not a currency', { base: 'XXQ' }, CURRENCY_MESSAGES.badBase],
    ['a country code for a currency', { base: 'US' }, CURRENCY_MESSAGES.badBase],
    ['a name for a currency', { base: 'dollars' }, CURRENCY_MESSAGES.badBase],
  ])('400 for %s', async (_name, query, message) => {
    const response = await ask(t, query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: { status: 'INVALID_ARGUMENT', message } });
  });

  it('400 when a parameter is sent twice', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${CURRENCY_PATH}?tz=UTC&tz=Australia/Sydney` });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(CURRENCY_MESSAGES.badTimeZone);
  });

  it('an empty tz or base is as if not sent', async () => {
    expect(detected(await answer(t, { tz: '', base: '' }))).toEqual({ currency: 'USD', country: null, source: 'default' });
  });
});
