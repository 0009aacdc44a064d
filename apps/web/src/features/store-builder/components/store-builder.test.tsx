import type { Product, StoreProfile } from '@shopfront/core';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { ProductLayoutEditor } from '#src/features/products/index.ts';
import { StorefrontView } from '#src/features/storefront/index.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { StoreBuilder } from './store-builder.tsx';

const call = fakeFunctions();

const store = testStore();
const published: StoreProfile = {
  name: store.name,
  description: store.description,
  avatarUrl: null,
  socialLinks: [],
  links: [],
  theme: 'mocha-mood',
  themeOverrides: { colors: {} },
  productLayout: { order: [], hidden: [] },
};

/** Runs due timers and the promise jobs they start (React Query notifies on timers). */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** Lets the loads (stores, then the draft) land: about a second of fake time, in steps. */
async function settle() {
  for (let round = 0; round < 20; round += 1) await advance(50);
}

function renderBuilder({ profile = published, products = [] as Product[] } = {}) {
  answerFunctions(call, {
    listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
    getStoreDraft: () => ({ profile, hasDraft: false, updatedAt: null }),
    listProducts: () => ({ products, currency: 'USD' }),
    saveStoreDraft: () => ({ updatedAt: '2025-01-02T00:00:00.000Z' }),
    publishStoreDraft: () => ({ ...store, publishedAt: '2025-01-02T00:00:00.000Z' }),
  });
  renderForCreator(<StoreBuilder dashboardPath="/dashboard" productsPath="/dashboard/products" preview={StorefrontView} productLayoutField={ProductLayoutEditor} />);
}

const type = (label: string | RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const previewHeading = () => within(screen.getByTestId('builder-preview')).getByRole('heading', { level: 1 });

describe('store builder', () => {
  beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
  afterEach(() => {
    vi.useRealTimers();
    vi.clearAllMocks();
  });

  it('updates the preview as the creator types and autosaves the draft 600 ms after the last edit', async () => {
    renderBuilder();
    await settle();
    expect(previewHeading()).toHaveTextContent('Cozy Mugs');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();

    type('Store name', 'Cozy Mugs & Co');
    expect(previewHeading()).toHaveTextContent('Cozy Mugs & Co');
    await advance(300);
    type('Store name', 'Cozy Mugs & Cups');
    await advance(599);
    expect(callsOf(call, 'saveStoreDraft')).toEqual([]);
    expect(screen.getByTestId('save-status')).toHaveTextContent('Saving…');

    await advance(1);
    await advance(0);
    expect(callsOf(call, 'saveStoreDraft')).toEqual([{ storeId: store.id, profile: { ...published, name: 'Cozy Mugs & Cups' } }]);
    expect(screen.getByTestId('save-status')).toHaveTextContent('All changes saved');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();

    fireEvent.click(screen.getByRole('button', { name: 'Publish' }));
    await settle();
    expect(callsOf(call, 'publishStoreDraft')).toEqual([{ storeId: store.id }]);
  });

  it('does not save a description of 500 characters, and says so; 499 saves', async () => {
    renderBuilder();
    await settle();

    type('Description', 'x'.repeat(500));
    await advance(1000);
    expect(screen.getByText('Description must be less than 500 characters')).toBeInTheDocument();
    expect(screen.getByTestId('save-status')).toHaveTextContent('Not saved: fix the fields marked in red');
    expect(callsOf(call, 'saveStoreDraft')).toEqual([]);

    type('Description', 'x'.repeat(499));
    await advance(600);
    await advance(0);
    expect(callsOf(call, 'saveStoreDraft')).toHaveLength(1);
  });

  it('warns when button text falls below WCAG AA on the button colour, and resets to the theme colour', async () => {
    renderBuilder();
    await settle();

    type('Buttons', '#ffffff');
    type('Button text', '#777777');
    expect(screen.getByText(/Button text on the button colour: contrast 4.4:1, below the WCAG AA minimum of 4.5:1/)).toBeInTheDocument();

    type('Button text', '#767676');
    expect(screen.queryByText(/Button text on the button colour/)).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Button text to the theme colour' }));
    expect(screen.getByLabelText('Button text')).toHaveValue('#fffaf3');
  });

  it('lists the store’s products in the draft’s order and saves "Show on storefront" with the draft', async () => {
    const mug = testProduct({ id: 'p1', title: 'Mug care guide' });
    const glaze = testProduct({ id: 'p2', title: 'Glaze cheat sheet', status: 'draft' });
    renderBuilder({ profile: { ...published, productLayout: { order: ['p2', 'p1'], hidden: [] } }, products: [mug, glaze] });
    await settle();

    const list = screen.getByRole('list', { name: 'Products in storefront order' });
    expect(within(list).getAllByRole('link').map((link) => link.textContent)).toEqual(['Glaze cheat sheet', 'Mug care guide']);
    expect(within(list).getByRole('link', { name: 'Mug care guide' })).toHaveAttribute('href', '/dashboard/products?edit=p1');

    fireEvent.click(screen.getByRole('switch', { name: 'Show “Mug care guide” on storefront' }));
    expect(screen.getByText('Hidden: reachable only by its link')).toBeInTheDocument();
    await advance(600);
    await advance(0);
    // The last save (an earlier test's autosave timer can still fire on this test's fake clock).
    expect(callsOf(call, 'saveStoreDraft').at(-1)).toEqual({ storeId: store.id, profile: { ...published, productLayout: { order: ['p2', 'p1'], hidden: ['p1'] } } });
  });
});
