import type { Product } from '@shopfront/core';
import { renderMode, resolutionFor, testQueryClient } from '#src/test/render-mode.tsx';
import { SESSION_QUERY_KEY } from '#src/features/auth/index.ts';
import { TEST_CREATOR } from '#src/features/stores/testing/stores-test-kit.tsx';
import { ProductsScreen } from '../components/products-screen.tsx';

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
    salesCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/**
 * jsdom lays nothing out, so dnd-kit's keyboard sensor sees every row at (0, 0). This gives each
 * sortable row (`data-sort-index`) a 60 px tall box, stacked, for the test's duration.
 */
export function stackSortableRows(): () => void {
  const original = Element.prototype.getBoundingClientRect;
  Element.prototype.getBoundingClientRect = function rect(this: Element) {
    const row = this.closest('[data-sort-index]');
    const index = row ? Number(row.getAttribute('data-sort-index')) : 0;
    const top = index * 60;
    return { x: 0, y: top, top, left: 0, right: 300, bottom: top + 50, width: 300, height: 50, toJSON: () => ({}) } as DOMRect;
  };
  return () => {
    Element.prototype.getBoundingClientRect = original;
  };
}

/** Mounts the products screen for the signed-in test creator at /dashboard/products{search}. */
export function renderProductsScreen(search = '') {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, TEST_CREATOR);
  const routes = [
    { path: '/dashboard/products', element: <ProductsScreen dashboardPath="/dashboard" /> },
    { path: '*', element: <h1>Elsewhere</h1> },
  ];
  return renderMode({ routes, path: `/dashboard/products${search}`, resolution: resolutionFor('dashboard'), queryClient });
}
