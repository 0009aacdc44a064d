import { describe, expect, it } from 'vitest';
import { storefrontProductOf, type StorefrontProductSource } from './storefront-product.ts';

const product = (overrides: Partial<StorefrontProductSource> = {}): StorefrontProductSource => ({
  id: 'prd_1',
  slug: 'guide',
  type: 'digital',
  title: 'Guide',
  subtitle: '  ',
  coverImageUrl: null,
  priceMode: 'fixed',
  priceCents: 1200,
  minPriceCents: 500,
  compareAtCents: 2000,
  currency: 'USD',
  ctaLabel: 'Buy now',
  externalUrl: 'https://elsewhere.example',
  ...overrides,
});

describe('storefrontProductOf (what a visitor may see of a product)', () => {
  it('keeps a fixed price and its compare-at price, drops a blank subtitle and a download’s link', () => {
    expect(storefrontProductOf(product())).toMatchObject({ priceCents: 1200, minPriceCents: 0, compareAtCents: 2000, subtitle: null, externalUrl: null });
  });

  it('shows free as 0 with no compare-at, pay-what-you-want with its minimum, and no price for a link', () => {
    expect(storefrontProductOf(product({ priceMode: 'free' }))).toMatchObject({ priceCents: 0, compareAtCents: null });
    expect(storefrontProductOf(product({ priceMode: 'pay-what-you-want' }))).toMatchObject({ priceCents: 1200, minPriceCents: 500 });
    expect(storefrontProductOf(product({ type: 'link' }))).toMatchObject({ priceCents: null, compareAtCents: null, externalUrl: 'https://elsewhere.example' });
  });

  it('never carries the dashboard’s fields (status, files, sales)', () => {
    const withExtras = { ...product({ subtitle: 'A PDF' }), status: 'published', files: [{ id: 'f' }], salesCount: 9 } as StorefrontProductSource;
    expect(Object.keys(storefrontProductOf(withExtras)).toSorted()).toEqual(
      ['compareAtCents', 'coverImageUrl', 'ctaLabel', 'currency', 'externalUrl', 'id', 'minPriceCents', 'priceCents', 'priceMode', 'slug', 'subtitle', 'title', 'type'],
    );
  });
});
