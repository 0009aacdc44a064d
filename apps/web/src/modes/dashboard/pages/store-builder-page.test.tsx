import type { StoreProfile } from '@shopfront/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { StoreBuilderPage } from './store-builder-page.tsx';

const call = fakeFunctions();

const store = testStore();
const profile: StoreProfile = {
  name: store.name,
  description: store.description,
  avatarUrl: null,
  socialLinks: [],
  links: [],
  theme: 'mocha-mood',
  themeOverrides: { colors: {} },
  // The draft puts "Brush pack" first and hides "Colour wheel".
  productLayout: { order: ['p-brush'], hidden: ['p-wheel'] },
};
const products = [
  testProduct({ id: 'p-wheel', slug: 'colour-wheel', title: 'Colour wheel', createdAt: '2025-01-01T00:00:00.000Z' }),
  testProduct({ id: 'p-brush', slug: 'brush-pack', title: 'Brush pack', createdAt: '2025-01-02T00:00:00.000Z' }),
  testProduct({ id: 'p-glaze', slug: 'glaze-guide', title: 'Glaze guide', createdAt: '2025-01-03T00:00:00.000Z', priceCents: 2400 }),
  testProduct({ id: 'p-draft', slug: 'not-ready', title: 'Not ready yet', status: 'draft', createdAt: '2025-01-04T00:00:00.000Z' }),
];

async function settle() {
  for (let round = 0; round < 20; round += 1) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(50);
    });
  }
}

const previewTitles = () => within(screen.getByTestId('builder-preview')).queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

describe('/dashboard/store-builder preview', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('shows the store’s published products as a visitor sees them: in the draft’s order, hidden ones hidden, drafts left out', async () => {
    answerFunctions(call, {
      listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
      getStoreDraft: () => ({ profile, hasDraft: true, updatedAt: '2025-01-05T00:00:00.000Z' }),
      listProducts: () => ({ products, currency: 'USD' }),
      saveStoreDraft: () => ({ updatedAt: '2025-01-06T00:00:00.000Z' }),
    });
    renderForCreator(<StoreBuilderPage />, { path: '/dashboard/store-builder' });
    await settle();
    // The draft's order first, then the others newest first, as the storefront lists them.
    expect(previewTitles()).toEqual(['Brush pack', 'Glaze guide']);
    expect(within(screen.getByTestId('builder-preview')).getByText('$24')).toBeInTheDocument();

    // Showing the hidden one shows it in the preview at once, before anything is saved.
    fireEvent.click(screen.getByRole('switch', { name: 'Show “Colour wheel” on storefront' }));
    expect(previewTitles()).toEqual(['Brush pack', 'Glaze guide', 'Colour wheel']);
    fireEvent.click(screen.getByRole('switch', { name: 'Show “Brush pack” on storefront' }));
    expect(previewTitles()).toEqual(['Glaze guide', 'Colour wheel']);
  });
});
