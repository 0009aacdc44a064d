import { AppError } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { stackSortableRows } from '#src/testing/sortable-rows.ts';
import { renderProductsScreen } from '../product-fixtures.tsx';

const call = fakeFunctions();

const store = testStore();
const guide = testProduct({ id: 'p1', title: 'Mug care guide', priceCents: 1250, salesCount: 3 });
const freebie = testProduct({ id: 'p2', title: 'Glaze cheat sheet', type: 'lead-magnet', priceMode: 'free', priceCents: 0, status: 'draft', salesCount: 0 });
const pwyw = testProduct({ id: 'p3', title: 'Studio playlist', priceMode: 'pay-what-you-want', priceCents: 500, salesCount: 1 });
const affiliate = testProduct({ id: 'p4', title: 'My kiln', type: 'link', priceMode: 'free', priceCents: 0, externalUrl: 'https://kilns.example' });

function renderProducts(handlers: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, {
    listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
    listProducts: () => ({ products: [guide, freebie, pwyw, affiliate], currency: 'USD' }),
    ...handlers,
  });
  return renderProductsScreen();
}

const rows = () => screen.getAllByTestId('product-row');

describe('products list', { timeout: 15_000 }, () => {
  afterEach(() => vi.clearAllMocks());

  it('shows the products in storefront order with type, status, price and sales', async () => {
    renderProducts();
    await waitFor(() => expect(rows()).toHaveLength(4));
    const [first, second, third, fourth] = rows().map((row) => within(row));
    expect(first!.getByRole('link', { name: 'Mug care guide' })).toBeInTheDocument();
    expect(first!.getByText('Digital download')).toBeInTheDocument();
    expect(first!.getByText('Published')).toBeInTheDocument();
    expect(first!.getByText('$12.50')).toBeInTheDocument();
    expect(first!.getByText('3 sales')).toBeInTheDocument();
    expect(second!.getByText('Lead magnet')).toBeInTheDocument();
    expect(second!.getByText('Draft')).toBeInTheDocument();
    expect(second!.getByText('Free')).toBeInTheDocument();
    expect(third!.getByText('Pay what you want')).toBeInTheDocument();
    expect(third!.getByText('1 sale')).toBeInTheDocument();
    expect(fourth!.getByText('Link')).toBeInTheDocument();
    expect(fourth!.getByText('No price')).toBeInTheDocument();
    expect(callsOf(call, 'listProducts')).toEqual([{ storeId: store.id }]);
  });

  it('shows each product’s views and sales over the last 30 days from the analytics', async () => {
    renderProducts({
      getProductAnalytics: () => ({ days: 30, products: [{ productId: 'p1', title: 'Mug care guide', views: 1234, checkouts: 9, sales: 4, revenueCents: 5000 }, { productId: 'p3', title: 'Studio playlist', views: 1, checkouts: 1, sales: 1, revenueCents: 500 }] }),
    });
    await waitFor(() => expect(screen.getAllByTestId('recent-numbers')).toHaveLength(4));
    const [first, second, third] = rows().map((row) => within(row));
    expect(first!.getByTestId('recent-numbers')).toHaveTextContent('1,234 views · 4 sales (30 days)');
    expect(first!.getByText('3 sales')).toBeInTheDocument();
    expect(second!.getByTestId('recent-numbers')).toHaveTextContent('0 views · 0 sales (30 days)');
    expect(third!.getByTestId('recent-numbers')).toHaveTextContent('1 view · 1 sale (30 days)');
    expect(callsOf(call, 'getProductAnalytics')).toEqual([{ storeId: store.id }]);
  });

  it('keeps the numbers’ line while the analytics load, and leaves them out without a message when they fail', async () => {
    let fail: (error: Error) => void = () => {};
    renderProducts({ getProductAnalytics: () => new Promise((_, reject) => (fail = reject)) });
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(screen.getAllByTestId('recent-numbers-loading')).toHaveLength(4);
    await act(async () => fail(new AppError('unavailable', 'Analytics are down.')));
    await waitFor(() => expect(screen.queryByTestId('recent-numbers-loading')).not.toBeInTheDocument());
    expect(screen.queryByTestId('recent-numbers')).not.toBeInTheDocument();
    expect(screen.queryByText(/Analytics are down/)).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(rows()[0]).toHaveTextContent('3 sales');
  });

  it('formats prices in the store currency', async () => {
    renderProducts({ listProducts: () => ({ products: [testProduct({ priceCents: 900, currency: 'EUR' })], currency: 'EUR' }) });
    expect(await screen.findByText('€9')).toBeInTheDocument();
  });

  it('invites the creator to create the first product when there are none', async () => {
    renderProducts({ listProducts: () => ({ products: [], currency: 'USD' }) });
    const cta = await screen.findByRole('link', { name: 'Create your first product' });
    fireEvent.click(cta);
    expect(await screen.findByRole('heading', { name: 'What are you creating?' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Digital download/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Lead magnet/ })).toBeInTheDocument();
  });

  it('shows archived products only when asked', async () => {
    const old = testProduct({ id: 'p9', title: 'Old zine', status: 'archived' });
    renderProducts({
      listProducts: (data: { includeArchived?: boolean }) => ({ products: data.includeArchived ? [guide, old] : [guide], currency: 'USD' }),
    });
    await waitFor(() => expect(rows()).toHaveLength(1));
    fireEvent.click(screen.getByRole('switch', { name: 'Show archived' }));
    expect(await screen.findByText('Old zine')).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Archived products' })).getByText('Archived')).toBeInTheDocument();
    expect(callsOf(call, 'listProducts')).toEqual([{ storeId: store.id }, { storeId: store.id, includeArchived: true }]);
  });

  it('says when the list cannot load, and retries', async () => {
    let fail = true;
    renderProducts({
      listProducts: () => {
        if (fail) throw new AppError('unavailable', 'The service is unavailable. Try again.');
        return { products: [guide], currency: 'USD' };
      },
    });
    expect(await screen.findByText('The service is unavailable. Try again.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
  });

  describe('reordering with the keyboard', () => {
    let restore: () => void = () => {};
    afterEach(() => restore());

    async function moveFirstDown() {
      restore = stackSortableRows();
      await waitFor(() => expect(rows()).toHaveLength(4));
      const handle = screen.getByRole('button', { name: 'Reorder “Mug care guide”' });
      handle.focus();
      // Each step waits for dnd-kit's announcement: its keyboard sensor settles asynchronously,
      // and on a busy machine the next key could otherwise arrive before the previous move.
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      });
      // Picked up: dnd-kit marks the handle pressed once the keyboard drag has started.
      await waitFor(() => expect(handle).toHaveAttribute('aria-pressed', 'true'));
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'ArrowDown', key: 'ArrowDown' });
      });
      await screen.findByText(/moved to position 2 of 4/);
      await act(async () => {
        fireEvent.keyDown(handle, { code: 'Space', key: ' ' });
      });
      await screen.findByText(/dropped in position 2 of 4/);
    }

    it('saves the new order and announces it', async () => {
      renderProducts({ reorderProducts: (data: { productIds: string[] }) => ({ productIds: data.productIds }) });
      await moveFirstDown();
      await waitFor(() => expect(callsOf(call, 'reorderProducts')).toEqual([{ storeId: store.id, productIds: ['p2', 'p1', 'p3', 'p4'] }]));
      expect(screen.getByText(/“Mug care guide” dropped in position 2 of 4/)).toBeInTheDocument();
    });

    it('shows the new order at once, and goes back to the old one with the reason when the server refuses', async () => {
      let refuse: (error: Error) => void = () => {};
      let lists = 0;
      renderProducts({
        // Only the first load answers: the old order can come back only from the rollback.
        listProducts: () => (lists++ === 0 ? { products: [guide, freebie, pwyw, affiliate], currency: 'USD' } : new Promise(() => {})),
        reorderProducts: () =>
          new Promise((_resolve, reject) => {
            refuse = reject;
          }),
      });
      await moveFirstDown();
      const titles = () => rows().map((row) => within(row).getAllByRole('link')[0]!.textContent);
      expect(titles()).toEqual(['Glaze cheat sheet', 'Mug care guide', 'Studio playlist', 'My kiln']);
      await act(async () => refuse(new AppError('invalid-argument', 'The list must name each of the store’s products once')));
      expect(await screen.findByText(/The new order was not saved. The list must name each of the store’s products once/)).toBeInTheDocument();
      expect(titles()).toEqual(['Mug care guide', 'Glaze cheat sheet', 'Studio playlist', 'My kiln']);
    });
  });

  it('deletes after confirming, and says when a product with orders was archived instead', async () => {
    renderProducts({ deleteProduct: () => ({ deleted: false, archived: true }) });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Mug care guide”' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('If anyone has bought it, it is archived instead of deleted, so buyers keep access to their downloads.');
    expect(callsOf(call, 'deleteProduct')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('“Mug care guide” has orders, so it was archived. Buyers keep their access.')).toBeInTheDocument();
    expect(callsOf(call, 'deleteProduct')).toEqual([{ storeId: store.id, productId: 'p1' }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  });

  it('says "deleted" when the product had no orders', async () => {
    renderProducts({ deleteProduct: () => ({ deleted: true, archived: false }) });
    await waitFor(() => expect(rows()).toHaveLength(4));
    fireEvent.click(screen.getByRole('button', { name: 'Delete “Glaze cheat sheet”' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete product' }));
    expect(await screen.findByText('“Glaze cheat sheet” was deleted.')).toBeInTheDocument();
  });
});
