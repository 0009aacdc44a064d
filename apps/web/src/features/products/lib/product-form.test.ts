import { PRODUCT_MESSAGES } from '@shopfront/core';
import { describe, expect, it } from 'vitest';
import { testProduct } from '#src/testing/product-data.ts';
import {
  centsToInput,
  changedFields,
  emptyProductForm,
  formToFields,
  inputToCents,
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

describe('money inputs', () => {
  it('reads typed amounts as minor units', () => {
    expect(inputToCents('12.50', 'USD')).toBe(1250);
    expect(inputToCents('12.5', 'USD')).toBe(1250);
    expect(inputToCents('12', 'USD')).toBe(1200);
    expect(inputToCents('12,50', 'EUR')).toBe(1250);
    expect(inputToCents('$1,299.99', 'USD')).toBe(129999);
    expect(inputToCents(' 0.5 ', 'USD')).toBe(50);
    expect(inputToCents('500', 'JPY')).toBe(500);
  });

  it('tells empty from not an amount', () => {
    expect(inputToCents('', 'USD')).toBeNull();
    expect(inputToCents('   ', 'USD')).toBeNull();
    expect(inputToCents('abc', 'USD')).toBeNaN();
    expect(inputToCents('1.999', 'USD')).toBeNaN();
    expect(inputToCents('5.5', 'JPY')).toBeNaN();
    expect(inputToCents('-3', 'USD')).toBeNaN();
  });

  it('shows minor units back in major units', () => {
    expect(centsToInput(1250, 'USD')).toBe('12.50');
    expect(centsToInput(1200, 'USD')).toBe('12');
    expect(centsToInput(null, 'USD')).toBe('');
  });
});
