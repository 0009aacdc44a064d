import type { ProductLayout } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ProductLayoutEditor } from '#src/features/products/index.ts';
import { testProduct } from '#src/testing/product-data.ts';
import { stackSortableRows } from '#src/testing/sortable-rows.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testQueryClient } from '#src/testing/render-mode.tsx';
import { STORE_KEYS } from '#src/lib/store-keys.ts';
import { PRODUCT_KEYS } from '#src/features/products/api/product-keys.ts';
import type { ProfileValues } from '../hooks/use-draft-editor.ts';
import { ProductsSection } from './products-section.tsx';

const call = fakeFunctions();

const store = testStore();
const mug = testProduct({ id: 'p1', title: 'Mug care guide' });
const glaze = testProduct({ id: 'p2', title: 'Glaze cheat sheet' });
const kiln = testProduct({ id: 'p3', title: 'My kiln', type: 'link' });

/** The section inside a form holding only what it edits; the form's layout is printed for the test. */
function Harness({ layout }: { layout: ProductLayout }) {
  const form = useForm<ProfileValues>({ defaultValues: { productLayout: layout } });
  const current = useWatch({ control: form.control, name: 'productLayout' });
  return (
    <FormProvider {...form}>
      <ProductsSection productsPath="/dashboard/products" productLayoutField={ProductLayoutEditor} />
      <output data-testid="layout">{JSON.stringify(current)}</output>
    </FormProvider>
  );
}

/**
 * The store and its products are cached before the first render (and answered the same on the
 * refetch), so the section shows them at once: no test waits for a fetch, however slow the machine.
 */
function renderSection(layout: ProductLayout, products = [mug, glaze, kiln]) {
  const stores = { stores: [store], activeStoreId: store.id };
  const list = { products, currency: 'USD' };
  answerFunctions(call, { listMyStores: () => stores, listProducts: () => list });
  const queryClient = testQueryClient();
  queryClient.setQueryData(STORE_KEYS.mine, stores);
  queryClient.setQueryData(PRODUCT_KEYS.list(store.id, false), list);
  renderForCreator(<Harness layout={layout} />, { queryClient });
}

const layout = () => JSON.parse(screen.getByTestId('layout').textContent ?? '{}') as ProductLayout;
const titles = () => within(screen.getByRole('list', { name: 'Products in storefront order' })).getAllByRole('link').map((link) => link.textContent);

describe('store builder products section', { timeout: 15_000 }, () => {
  let restore: () => void = () => {};
  afterEach(() => {
    restore();
    vi.clearAllMocks();
  });

  it('points to the Products page when the store has none', () => {
    renderSection({ order: [], hidden: [] }, []);
    expect(screen.getByRole('link', { name: 'Create your first product →' })).toHaveAttribute('href', '/dashboard/products?new');
  });

  it('reorders with the keyboard as a draft edit (no reorderProducts call)', async () => {
    renderSection({ order: ['p3', 'p1'], hidden: ['p2'] });
    expect(titles()).toEqual(['My kiln', 'Mug care guide', 'Glaze cheat sheet']);
    expect(screen.getByRole('switch', { name: 'Show “Glaze cheat sheet” on storefront' })).not.toBeChecked();
    restore = stackSortableRows();
    const handle = screen.getByRole('button', { name: 'Reorder “My kiln”' });
    handle.focus();
    // Each key waits for its screen-reader announcement, so a slow machine never drops before the move.
    const press = async (code: string, announced: RegExp) => {
      await act(async () => {
        fireEvent.keyDown(handle, { code, key: code === 'Space' ? ' ' : code });
      });
      expect(await screen.findByText(announced)).toBeInTheDocument();
    };
    // Picking up announces the item over its own place.
    await press('Space', /“My kiln” moved to position 1 of 3\./);
    await press('ArrowDown', /“My kiln” moved to position 2 of 3\./);
    await press('Space', /“My kiln” dropped in position 2 of 3\./);
    await waitFor(() => expect(titles()).toEqual(['Mug care guide', 'My kiln', 'Glaze cheat sheet']));
    expect(layout()).toEqual({ order: ['p1', 'p3', 'p2'], hidden: ['p2'] });
    expect(call.mock.calls.map(([name]) => name)).not.toContain('reorderProducts');

    fireEvent.click(screen.getByRole('switch', { name: 'Show “Glaze cheat sheet” on storefront' }));
    expect(layout()).toEqual({ order: ['p1', 'p3', 'p2'], hidden: [] });
  });
});
