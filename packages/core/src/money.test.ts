import { describe, expect, it } from 'vitest';
import { currencySymbol, formatMoney, minorUnitDigits, parseMoney, toMajorUnits } from './money.ts';

/** Intl puts a no-break space between code and number. */
const nbspToSpace = (text: string) => text.replace(/\u00a0/g, ' ');

describe('minorUnitDigits', () => {
  it.each([
    ['USD', 2],
    ['eur', 2],
    ['JPY', 0],
    ['KRW', 0],
    ['KWD', 3],
    ['BHD', 3],
    ['OMR', 3],
    ['JOD', 3],
    ['TND', 3],
    // Intl and Stripe disagree: Stripe's API exponent wins (amounts are sent to it as is).
    ['ISK', 2],
    ['HUF', 2],
    ['TWD', 2],
    ['UGX', 0],
    // Not a currency code: two decimals.
    ['US', 2],
    ['', 2],
  ])('%s has %i', (currency, digits) => {
    expect(minorUnitDigits(currency)).toBe(digits);
  });
});

describe('toMajorUnits (exact decimal strings)', () => {
  it.each([
    [1250, 'USD', {}, '12.50'],
    [1250, 'USD', { trimWhole: true }, '12.50'],
    [1200, 'USD', { trimWhole: true }, '12'],
    [1200, 'USD', {}, '12.00'],
    [5, 'USD', {}, '0.05'],
    [0, 'USD', {}, '0.00'],
    [-305, 'USD', {}, '-3.05'],
    [500, 'JPY', {}, '500'],
    [1234, 'KWD', {}, '1.234'],
    [50000, 'ISK', {}, '500'],
    [50050, 'ISK', {}, '500.5'],
    [123456789012345, 'USD', {}, '1234567890123.45'],
    [2999, 'usd', {}, '29.99'],
  ])('%i %s %o → %s', (amount, currency, options, text) => {
    expect(toMajorUnits(amount, currency, options)).toBe(text);
  });
});

describe('formatMoney', () => {
  it.each([
    [1250, 'USD', {}, '$12.50'],
    [1200, 'USD', {}, '$12.00'],
    [1200, 'USD', { trimWhole: true }, '$12'],
    [950, 'usd', { trimWhole: true }, '$9.50'],
    [900, 'EUR', { trimWhole: true }, '€9'],
    [500, 'JPY', {}, '¥500'],
    [123456, 'USD', {}, '$1,234.56'],
    [1234, 'KWD', {}, 'KWD 1.234'],
    [50000, 'ISK', {}, 'ISK 500'],
    [100000, 'HUF', {}, 'HUF 1,000'],
    [0, 'USD', {}, '$0.00'],
    [1250, 'US', {}, '12.50 US'],
  ])('%i %s %o → %s (en-US)', (amount, currency, options, text) => {
    expect(nbspToSpace(formatMoney(amount, currency, { locale: 'en-US', ...options }))).toBe(text);
  });

  it('follows the locale it is given', () => {
    expect(nbspToSpace(formatMoney(123450, 'EUR', { locale: 'de-DE' }))).toBe('1.234,50 €');
  });
});

describe('parseMoney (digits, never floats)', () => {
  it.each([
    ['12', 'USD', 1200],
    ['12.5', 'USD', 1250],
    ['12.50', 'USD', 1250],
    ['12,50', 'EUR', 1250],
    ['$1,299.99', 'USD', 129999],
    [' $7.05 ', 'USD', 705],
    [' 0.5 ', 'USD', 50],
    ['.5', 'USD', 50],
    ['12.', 'USD', 1200],
    ['0', 'USD', 0],
    ['0.29', 'USD', 29],
    ['1.15', 'USD', 115],
    ['4.35', 'USD', 435],
    ['500', 'JPY', 500],
    ['¥500', 'JPY', 500],
    ['1.234', 'KWD', 1234],
    ['500', 'ISK', 50000],
    ['1000', 'HUF', 100000],
  ])('%j %s → %i', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it.each([
    ['', 'USD'],
    ['   ', 'USD'],
    ['.', 'USD'],
    ['abc', 'USD'],
    ['12abc', 'USD'],
    ['-3', 'USD'],
    ['+3', 'USD'],
    ['1.999', 'USD'],
    ['12.345', 'USD'],
    ['5.5', 'JPY'],
    ['500.5', 'ISK'],
    ['1.2.3', 'USD'],
    ['1e3', 'USD'],
    ['99999999999999999999', 'USD'],
  ])('%j %s → null', (text, currency) => {
    expect(parseMoney(text, currency)).toBeNull();
  });

  it('round-trips what formatMoney and toMajorUnits show', () => {
    for (const amount of [1, 29, 115, 435, 1005, 999_999]) expect(parseMoney(toMajorUnits(amount, 'USD'), 'USD')).toBe(amount);
  });
});

describe('currencySymbol', () => {
  it.each([
    ['USD', '$'],
    ['eur', '€'],
    ['JPY', '¥'],
    ['US', 'US'],
  ])('%s → %s', (currency, symbol) => {
    expect(currencySymbol(currency)).toBe(symbol);
  });
});
