import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EMPTY_MEMBERS_TEXT } from '#src/features/memberships/index.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { MembersPage } from './members-page.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const store = testStore({ id: 'store_1' });
const stores = { stores: [store], activeStoreId: store.id };

describe('/dashboard/products/members', { timeout: 20_000 }, () => {
  it('offers to create a membership when the store has none', async () => {
    answerFunctions(call, { listMyStores: () => stores, listProducts: () => ({ products: [testProduct({ type: 'digital' })], currency: 'USD' }) });
    renderForCreator(<MembersPage />, { path: '/dashboard/products/members' });
    expect(await screen.findByRole('link', { name: 'Create a membership' })).toHaveAttribute('href', '/dashboard/products?new=membership');
    expect(within(screen.getByRole('navigation', { name: 'Products section' })).getByRole('link', { name: 'Members' })).toBeInTheDocument();
  });

  it('shows the chosen membership’s members (the one in the address)', async () => {
    answerFunctions(call, {
      listMyStores: () => stores,
      listProducts: () => ({ products: [testProduct({ id: 'prd_a', title: 'Club A', type: 'membership' }), testProduct({ id: 'prd_b', title: 'Club B', type: 'membership' })], currency: 'USD' }),
      listMembershipTiers: () => ({ tiers: [], currency: 'USD' }),
      listMembers: () => ({ members: [], total: 0, page: 1, pageSize: 50, currency: 'USD' }),
    });
    renderForCreator(<MembersPage />, { path: '/dashboard/products/members?product=prd_b' });
    expect(await screen.findByText(EMPTY_MEMBERS_TEXT)).toBeInTheDocument();
    expect(screen.getByLabelText('Membership')).toHaveValue('prd_b');
    expect(callsOf(call, 'listMembers')).toEqual([{ storeId: 'store_1', productId: 'prd_b', page: 1 }]);
  });
});
