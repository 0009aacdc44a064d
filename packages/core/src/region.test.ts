import { describe, expect, it, vi } from 'vitest';
import {
  createRegionDetector,
  detectRegion,
  ISO_COUNTRY_CODES,
  ISO_CURRENCY_CODES,
  SYDNEY_COUNTRIES,
  SYDNEY_CURRENCIES,
  SYDNEY_TIME_ZONES,
  type Region,
  type RegionInputs,
} from './region.ts';

describe('detectRegion (spec §4 order: worker country, currency, time zone, us-central)', () => {
  it.each<[string, RegionInputs, Region]>([
    ['nothing known', {}, 'us-central'],
    ['all null', { workerCountry: null, userCurrency: null, timeZone: null }, 'us-central'],
    ['an Australian worker country', { workerCountry: 'AU' }, 'sydney'],
    ['a US worker country beats an Asian currency and zone', { workerCountry: 'US', userCurrency: 'JPY', timeZone: 'Asia/Tokyo' }, 'us-central'],
    ['an Indian worker country beats a euro currency', { workerCountry: 'IN', userCurrency: 'EUR' }, 'sydney'],
    ['a lower-case, padded country', { workerCountry: ' nz ' }, 'sydney'],
    ['the currency when the country is missing', { userCurrency: 'SGD', timeZone: 'Europe/Paris' }, 'sydney'],
    ['a non-Sydney currency beats a Sydney zone', { userCurrency: 'USD', timeZone: 'Australia/Sydney' }, 'us-central'],
    ['the time zone when country and currency are missing', { timeZone: 'Australia/Perth' }, 'sydney'],
    ['a European zone', { timeZone: 'Europe/London' }, 'us-central'],
    // Unknown or malformed values fall through to the next source.
    ['geo-IP placeholder XX', { workerCountry: 'XX', userCurrency: 'AUD' }, 'sydney'],
    ['Tor placeholder T1', { workerCountry: 'T1', timeZone: 'Asia/Kolkata' }, 'sydney'],
    ['unknown region ZZ', { workerCountry: 'ZZ', userCurrency: 'EUR', timeZone: 'Asia/Tokyo' }, 'us-central'],
    ['a three-letter country', { workerCountry: 'AUS', userCurrency: 'NZD' }, 'sydney'],
    ['an empty country', { workerCountry: '', timeZone: 'Pacific/Auckland' }, 'sydney'],
    ['an unknown currency', { userCurrency: 'XXX', timeZone: 'Asia/Singapore' }, 'sydney'],
    ['a malformed currency', { userCurrency: 'A$', timeZone: 'Asia/Manila' }, 'sydney'],
    ['a bogus time zone', { timeZone: 'Mars/Olympus' }, 'us-central'],
    ['a time zone in the wrong case', { timeZone: 'australia/sydney' }, 'us-central'],
  ])('%s', (_label, inputs, region) => {
    expect(detectRegion(inputs)).toBe(region);
  });

  it.each(['AU', 'NZ', 'SG', 'MY', 'ID', 'TH', 'VN', 'PH', 'JP', 'KR', 'CN', 'HK', 'TW', 'MO', 'IN', 'PK', 'BD', 'LK', 'NP', 'BT', 'MV', 'FJ', 'PG', 'WS', 'TO', 'VU', 'SB', 'NC', 'PF', 'KH', 'LA', 'MM', 'BN', 'MN', 'TL'])(
    'country %s is Sydney',
    (workerCountry) => expect(detectRegion({ workerCountry })).toBe('sydney'),
  );

  it.each(['US', 'CA', 'GB', 'DE', 'BR', 'ZA', 'AE', 'SA', 'IR', 'IL', 'TR', 'RU', 'KZ', 'AF', 'MU', 'SC', 'MG'])(
    'country %s is us-central (Middle East, Central Asia, Africa, Americas, Europe)',
    (workerCountry) => expect(detectRegion({ workerCountry, userCurrency: 'AUD' })).toBe('us-central'),
  );

  it.each(['AUD', 'NZD', 'SGD', 'MYR', 'IDR', 'THB', 'VND', 'PHP', 'JPY', 'KRW', 'CNY', 'HKD', 'TWD', 'INR', 'PKR', 'BDT', 'LKR', 'NPR', 'FJD', 'PGK'])(
    'currency %s is Sydney',
    (userCurrency) => expect(detectRegion({ userCurrency })).toBe('sydney'),
  );

  it.each(['USD', 'EUR', 'GBP', 'AED', 'SAR', 'IRR', 'RUB', 'KZT', 'AFN', 'MUR'])('currency %s is us-central', (userCurrency) => {
    expect(detectRegion({ userCurrency, timeZone: 'Asia/Tokyo' })).toBe('us-central');
  });

  it.each([
    'Australia/Sydney', 'Australia/Melbourne', 'Australia/Lord_Howe', 'Pacific/Auckland', 'Pacific/Chatham', 'Pacific/Fiji',
    'Pacific/Guam', 'Asia/Singapore', 'Asia/Kolkata', 'Asia/Calcutta', 'Asia/Karachi', 'Asia/Dhaka', 'Asia/Kathmandu',
    'Asia/Tokyo', 'Asia/Seoul', 'Asia/Shanghai', 'Asia/Hong_Kong', 'Asia/Taipei', 'Asia/Jakarta', 'Asia/Ho_Chi_Minh',
    'Asia/Ulaanbaatar', 'Indian/Maldives',
  ])('time zone %s is Sydney', (timeZone) => expect(detectRegion({ timeZone })).toBe('sydney'));

  it.each([
    'Asia/Dubai', 'Asia/Riyadh', 'Asia/Tehran', 'Asia/Jerusalem', 'Asia/Baghdad', 'Asia/Qatar', 'Asia/Kabul', 'Asia/Tashkent',
    'Asia/Almaty', 'Asia/Tbilisi', 'Asia/Vladivostok', 'Asia/Yekaterinburg', 'Indian/Mauritius', 'Pacific/Honolulu',
    'Pacific/Galapagos', 'Pacific/Easter', 'America/Chicago', 'Europe/Berlin', 'Africa/Lagos', 'UTC', 'Etc/GMT-10',
  ])('time zone %s is us-central', (timeZone) => expect(detectRegion({ timeZone })).toBe('us-central'));

  it('lists only real codes and zones', () => {
    for (const country of SYDNEY_COUNTRIES) expect(ISO_COUNTRY_CODES.has(country), country).toBe(true);
    for (const currency of SYDNEY_CURRENCIES) expect(ISO_CURRENCY_CODES.has(currency), currency).toBe(true);
    for (const zone of SYDNEY_TIME_ZONES) expect(() => new Intl.DateTimeFormat('en', { timeZone: zone }), zone).not.toThrow();
    expect(ISO_COUNTRY_CODES.size).toBe(250);
  });
});

describe('createRegionDetector (spec §4 runs once and is cached; §8 failure → us-central)', () => {
  it('runs detection once and shares the answer', async () => {
    const detect = vi.fn(async (): Promise<Region> => 'sydney');
    const region = createRegionDetector(detect);
    const [a, b] = await Promise.all([region(), region()]);
    await expect(region()).resolves.toBe('sydney');
    expect([a, b]).toEqual(['sydney', 'sydney']);
    expect(detect).toHaveBeenCalledTimes(1);
  });

  it('falls back to us-central when detection throws, and keeps that answer', async () => {
    const detect = vi.fn(() => {
      throw new Error('worker unreachable');
    });
    const region = createRegionDetector(detect);
    await expect(region()).resolves.toBe('us-central');
    await expect(region()).resolves.toBe('us-central');
    expect(detect).toHaveBeenCalledTimes(1);
  });

  it('falls back to us-central on a rejected promise or a value that is no region', async () => {
    await expect(createRegionDetector(() => Promise.reject(new Error('x')))()).resolves.toBe('us-central');
    await expect(createRegionDetector(() => 'mars' as Region)()).resolves.toBe('us-central');
  });
});
