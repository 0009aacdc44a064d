import type { Product } from '@shopfront/core';

/** A product as listProducts answers it; override what the test is about. */
export function testProduct(overrides: Partial<Product> = {}): Product {
  return {
    id: 'prod_1',
    storeId: 'store_1',
    slug: 'mug-care-guide',
    type: 'digital',
    title: 'Mug care guide',
    subtitle: '',
    descriptionHtml: '',
    coverImageUrl: null,
    priceMode: 'fixed',
    priceCents: 1250,
    minPriceCents: 0,
    compareAtCents: null,
    currency: 'USD',
    ctaLabel: 'Buy now',
    externalUrl: null,
    status: 'published',
    position: 0,
    files: [],
    bundleItems: [],
    bumpProductId: null,
    bumpPriceCents: null,
    upsellProductId: null,
    upsellPriceCents: null,
    upsellHeadline: null,
    planInstalments: null,
    planInstalmentCents: null,
    salesCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}
