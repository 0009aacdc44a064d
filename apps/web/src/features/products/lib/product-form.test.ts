import { PRODUCT_MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { testProduct } from '#src/testing/product-data.ts';
import {
  centsToInput,
  changedFields,
  COMMA_MESSAGE,
  emptyProductForm,
  formToFields,
  inputToCents,
  MONEY_MESSAGE,
  productFormIssues,
  productToForm,
  type ProductFormValues,
} from './product-form.ts';

const digital = (change: Partial<ProductFormValues>): ProductFormValues => ({ ...emptyProductForm('digital'), title: 'Guide', ...change });

describe('product form rules', () => {
  it('needs a fixed price of at least 0.50', () => {
    expect(productFormIssues(digital({ price: '0.49' }), 'USD').price).toBe(PRODUCT_MESSAGES.priceTooLow);
    expect(productFormIssues(digital({ price: '0.50' }), 'USD')).toEqual({});
  });

  it('needs the compare-at price above the price', () => {
    expect(productFormIssues(digital({ price: '10', compareAt: '10' }), 'USD').compareAt).toBe(PRODUCT_MESSAGES.compareAtTooLow);
    expect(productFormIssues(digital({ price: '10', compareAt: '10.01' }), 'USD')).toEqual({});
  });

  it('lets pay-what-you-want start at 0 or at 0.50, not between', () => {
    const pwyw = (minPrice: string) => digital({ priceMode: 'pay-what-you-want', minPrice });
    expect(productFormIssues(pwyw('0'), 'USD')).toEqual({});
    expect(productFormIssues(pwyw('0.49'), 'USD').minPrice).toBe(PRODUCT_MESSAGES.priceTooLow);
    expect(productFormIssues(pwyw('0.50'), 'USD')).toEqual({});
    expect(productFormIssues({ ...pwyw('5'), price: '4' }, 'USD').price).toBe(PRODUCT_MESSAGES.minAboveSuggested);
  });

  it('keeps titles to 100 characters', () => {
    expect(productFormIssues(digital({ title: 'x'.repeat(101), price: '1' }), 'USD').title).toBe(PRODUCT_MESSAGES.titleTooLong);
    expect(productFormIssues(digital({ title: 'x'.repeat(100), price: '1' }), 'USD')).toEqual({});
  });

  it('checks the URL slug', () => {
    expect(productFormIssues(digital({ price: '1', slug: 'Not ok!' }), 'USD').slug).toBe(PRODUCT_MESSAGES.slugInvalid);
    expect(productFormIssues(digital({ price: '1', slug: 'ok-slug' }), 'USD')).toEqual({});
  });

  it('sends lead magnets and links as free, whatever the price inputs hold', () => {
    expect(formToFields({ ...emptyProductForm('lead-magnet'), title: 'Free', priceMode: 'fixed', price: '9' }, 'USD')).toMatchObject({ priceMode: 'free', priceCents: 0, compareAtCents: null });
    expect(formToFields({ ...emptyProductForm('link'), title: 'Kiln', externalUrl: ' https://k.example ' }, 'USD')).toMatchObject({ priceMode: 'free', priceCents: 0, externalUrl: 'https://k.example', ctaLabel: 'Visit' });
  });

  it('round-trips a product and finds nothing changed', () => {
    const product = testProduct({ subtitle: 'Sub', compareAtCents: 2000, descriptionHtml: '<p>Hi</p>' });
    expect(changedFields(formToFields(productToForm(product, 'USD'), 'USD'), product)).toEqual({});
  });
});

describe('money inputs (typed major units ↔ minor units)', () => {
  it.each([
    ['12.50', 'USD', 1250],
    ['12.5', 'USD', 1250],
    ['12', 'USD', 1200],
    ['$1,299.99', 'USD', 129999],
    // The dashboard's one format (English): a comma only between groups of three digits.
    ['1,000', 'USD', 100000],
    ['1,000.50', 'USD', 100050],
    ['12,345,678', 'JPY', 12345678],
    ['1,00', 'USD', Number.NaN],
    ['12,50', 'EUR', Number.NaN],
    ['1,0000', 'USD', Number.NaN],
    ['1.000,50', 'EUR', Number.NaN],
    [',500', 'USD', Number.NaN],
    [' 0.5 ', 'USD', 50],
    ['500', 'JPY', 500],
    ['', 'USD', null],
    ['   ', 'USD', null],
    ['abc', 'USD', Number.NaN],
    ['1.999', 'USD', Number.NaN],
    ['5.5', 'JPY', Number.NaN],
    ['-3', 'USD', Number.NaN],
  ])('%j %s → %s (null: empty; NaN: not an amount)', (text, currency, cents) => {
    expect(inputToCents(text, currency)).toEqual(cents);
  });

  it('explains a refused comma with the accepted format', () => {
    expect(productFormIssues(digital({ price: '1,00' }), 'USD').price).toBe(COMMA_MESSAGE);
    expect(productFormIssues(digital({ price: 'abc' }), 'USD').price).toBe(MONEY_MESSAGE);
    expect(productFormIssues(digital({ price: '1,000' }), 'USD')).toEqual({});
    expect(formToFields(digital({ price: '1,000' }), 'USD').priceCents).toBe(100000);
  });

  it.each([
    [1250, '12.50'],
    [1200, '12'],
    [null, ''],
  ])('%s cents show as %j', (cents, text) => {
    expect(centsToInput(cents, 'USD')).toBe(text);
  });
});
