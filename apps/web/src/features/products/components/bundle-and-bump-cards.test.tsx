import { AppError, PRODUCT_MESSAGES, type Product } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { BundleItemsCard } from './bundle-items-card.tsx';
import { OrderBumpCard } from './order-bump-card.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const bundle = testProduct({ id: 'prd_bundle', title: 'Everything', priceCents: 3000 });
const guide = testProduct({ id: 'prd_guide', title: 'Guide', priceCents: 1200 });
const workbook = testProduct({ id: 'prd_work', title: 'Workbook', priceCents: 900 });
const link = testProduct({ id: 'prd_link', title: 'My site', type: 'link' });
const listed = (products: Product[]) => ({ listProducts: () => ({ products, currency: 'USD' }) });

describe('Included products card', { timeout: 15_000 }, () => {
  it('adds two downloads, reorders them and saves the list; link products are not offered', async () => {
    answerFunctions(call, {
      ...listed([bundle, guide, workbook, link]),
      updateProduct: (data: { bundleProductIds: string[] }) => ({ ...bundle, bundleItems: data.bundleProductIds.map((productId) => ({ productId, title: productId, fileCount: 1 })) }),
    });
    renderForCreator(<BundleItemsCard product={bundle} />);
    const card = await screen.findByRole('region', { name: 'Included products' });
    expect(within(card).getByText('No included products: this is a single product.')).toBeInTheDocument();
    const select = within(card).getByLabelText('Add a product');
    await waitFor(() => expect(select).toBeEnabled());
    expect(within(select).queryByRole('option', { name: 'My site' })).toBeNull();
    expect(within(select).queryByRole('option', { name: 'Everything' })).toBeNull();
    const user = userEvent.setup();
    await user.selectOptions(select, 'Guide');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await user.selectOptions(select, 'Workbook');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await user.click(within(card).getByRole('button', { name: 'Move Workbook up' }));
    await user.click(within(card).getByRole('button', { name: 'Save included products' }));
    expect(await screen.findByText('Included products saved.')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: bundle.storeId, productId: bundle.id, bundleProductIds: ['prd_work', 'prd_guide'] }]);
  });

  it('says a removal is unsaved until Save, and Discard brings the saved list back without a call', async () => {
    const saved = { ...bundle, bundleItems: [{ productId: guide.id, title: 'Guide', fileCount: 1 }, { productId: workbook.id, title: 'Workbook', fileCount: 1 }] };
    answerFunctions(call, listed([saved, guide, workbook]));
    renderForCreator(<BundleItemsCard product={saved} />);
    const card = await screen.findByRole('region', { name: 'Included products' });
    expect(within(card).queryByText(/Unsaved changes/)).toBeNull();
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: 'Remove Workbook' }));
    expect(within(card).getByRole('status')).toHaveTextContent('Unsaved changes: the store keeps the saved list until you save.');
    const included = () => within(within(card).getByRole('list', { name: 'Included products' })).getAllByRole('listitem').map((item) => item.textContent);
    expect(included().join()).not.toContain('Workbook');
    await user.click(within(card).getByRole('button', { name: 'Discard changes' }));
    expect(included().join()).toContain('Workbook');
    expect(within(card).queryByText(/Unsaved changes/)).toBeNull();
    expect(callsOf(call, 'updateProduct')).toEqual([]);
  });

  it('shows the server’s refusal', async () => {
    answerFunctions(call, {
      ...listed([bundle, guide]),
      updateProduct: () => {
        throw new AppError('not-found', PRODUCT_MESSAGES.bundleItemNotFound);
      },
    });
    renderForCreator(<BundleItemsCard product={bundle} />);
    const card = await screen.findByRole('region', { name: 'Included products' });
    const user = userEvent.setup();
    await waitFor(() => expect(within(card).getByLabelText('Add a product')).toBeEnabled());
    await user.selectOptions(within(card).getByLabelText('Add a product'), 'Guide');
    await user.click(within(card).getByRole('button', { name: 'Add' }));
    await user.click(within(card).getByRole('button', { name: 'Save included products' }));
    expect(await within(card).findByText(PRODUCT_MESSAGES.bundleItemNotFound)).toBeInTheDocument();
  });

  it('is not shown for link products', () => {
    answerFunctions(call, listed([]));
    renderForCreator(<BundleItemsCard product={link} />);
    expect(screen.queryByRole('region', { name: 'Included products' })).toBeNull();
  });
});

describe('Order bump card', { timeout: 15_000 }, () => {
  it('refuses a price at or above the add-on’s own before sending, then saves a lower one in minor units', async () => {
    answerFunctions(call, {
      ...listed([bundle, guide]),
      updateProduct: (data: { bumpProductId: string; bumpPriceCents: number }) => ({ ...bundle, ...data }),
    });
    renderForCreator(<OrderBumpCard product={bundle} />);
    const card = await screen.findByRole('region', { name: 'Order bump' });
    // The list mounts again once the products arrive.
    await waitFor(() => expect(within(card).getByLabelText('Add-on product')).toBeEnabled());
    const select = within(card).getByLabelText('Add-on product');
    const user = userEvent.setup();
    await user.selectOptions(select, 'Guide');
    const price = within(card).getByLabelText('Bump price (USD)');
    await user.type(price, '12');
    await user.click(within(card).getByRole('button', { name: 'Save order bump' }));
    expect(await within(card).findByText(PRODUCT_MESSAGES.bumpPriceNotLower)).toBeInTheDocument();
    await user.clear(price);
    await user.type(price, '11.99');
    await user.click(within(card).getByRole('button', { name: 'Save order bump' }));
    expect(await screen.findByText('Order bump saved.')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([{ storeId: bundle.storeId, productId: bundle.id, bumpProductId: 'prd_guide', bumpPriceCents: 1199 }]);
  });

  it('shows a saved bump as chosen once the products arrive, not "No order bump"', async () => {
    answerFunctions(call, listed([bundle, guide, workbook]));
    renderForCreator(<OrderBumpCard product={{ ...bundle, bumpProductId: 'prd_work', bumpPriceCents: 700 }} />);
    const card = await screen.findByRole('region', { name: 'Order bump' });
    await waitFor(() => expect(within(card).getByLabelText('Add-on product')).toBeEnabled());
    expect(within(card).getByLabelText('Add-on product')).toHaveValue('prd_work');
    expect(within(card).getByRole('option', { name: 'Workbook', selected: true })).toBeInTheDocument();
  });
});
