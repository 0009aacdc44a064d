import { screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { StoreHome } from './store-home.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

// The create-store form (react-hook-form, zod) is a lazy chunk compiled on its first import: more
// than findBy's 5 s on a busy machine. It loads here, on its own budget; the screen still loads it
// through lazy(), and the test waits only for the form.
beforeAll(async () => {
  await import('./create-store-form.tsx');
}, 60_000);

const stats = (products: number) => () => ({ customers: 0, products, orders: 0, emailCampaigns: 0 });
const render = () => renderForCreator(<StoreHome builderPath="/dashboard/store-builder" settingsPath="/dashboard/settings" productsPath="/dashboard/products" />, { path: '/dashboard' });
const nextSteps = async () => screen.findByRole('region', { name: 'Next steps' });

describe('overview next steps', () => {
  it('suggests adding a product first while the store has none', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }), getStoreStats: stats(0) });
    render();
    const link = await within(await nextSteps()).findByRole('link', { name: /Add your first product/ });
    expect(link).toHaveAttribute('href', '/dashboard/products?new');
    const titles = within(await nextSteps()).getAllByRole('link').map((each) => each.textContent);
    expect(titles[0]).toMatch(/^Add your first product/);
  });

  it('does not once the store has a product', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }), getStoreStats: stats(1) });
    render();
    expect(await screen.findByText('1')).toBeInTheDocument();
    expect(within(await nextSteps()).queryByRole('link', { name: /Add your first product/ })).not.toBeInTheDocument();
    expect(within(await nextSteps()).getByRole('link', { name: /Design your storefront/ })).toBeInTheDocument();
  });
});

describe('overview without a store', () => {
  it('shows the create-store form (loaded with the no-store view, not the first screen)', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [], activeStoreId: null }) });
    render();
    expect(await screen.findByRole('heading', { name: 'Create your store' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Store name')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create store' })).toBeDisabled();
    expect(screen.queryByRole('region', { name: 'Next steps' })).not.toBeInTheDocument();
  });
});

