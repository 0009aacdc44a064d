import { PRODUCT_MESSAGES, type MembershipTier } from '@shopfront/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { testMembershipTier } from '../lib/tier-data.ts';
import { renderProductsScreen } from '../product-fixtures.tsx';

const call = fakeFunctions();
const store = testStore();

beforeAll(async () => {
  await import('./product-editor.tsx');
}, 60_000);

const club = testProduct({ id: 'prd_club', type: 'membership', title: 'Studio Club', status: 'draft', priceCents: 0, ctaLabel: 'Join' });
const supporter = testMembershipTier({ productId: club.id });

function renderEditor(search: string, handlers: Parameters<typeof answerFunctions>[1] = {}) {
  answerFunctions(call, {
    listMyStores: () => ({ stores: [store], activeStoreId: store.id }),
    listProducts: () => ({ products: [], currency: 'USD' }),
    ...handlers,
  });
  return renderProductsScreen(search);
}

describe('a membership in the product editor', { timeout: 20_000 }, () => {
  afterEach(() => vi.clearAllMocks());

  it('is offered in the type chooser, saying honestly what exists', async () => {
    renderEditor('?new');
    const option = await screen.findByRole('link', { name: /Membership/ });
    expect(option).toHaveTextContent('Visitors join a tier from its page');
    expect(option).toHaveAttribute('href', expect.stringContaining('?new=membership'));
  });

  it('has tiers instead of a price, and cannot be published before it has one', async () => {
    renderEditor('?new=membership');
    await screen.findByRole('heading', { name: 'New membership' });
    expect(screen.queryByLabelText(/Price/)).not.toBeInTheDocument();
    // Its files (what tiers include) are uploaded once it is saved, like a download's.
    expect(within(screen.getByRole('region', { name: 'Files' })).getByText(/Save the membership first/)).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tiers' })).getByText(/Save the membership first/)).toBeInTheDocument();
    expect(screen.getByLabelText('Button label')).toHaveAttribute('placeholder', 'Join');
    expect(screen.getByRole('button', { name: 'Publish' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveAccessibleDescription(PRODUCT_MESSAGES.publishNeedsTier);
  });

  it('publishes once it has a tier; adding a tier saves the tier alone, not the product', async () => {
    const tiers: MembershipTier[] = [supporter];
    renderEditor(`?edit=${club.id}`, {
      getProduct: () => club,
      listMembershipTiers: () => ({ tiers: [...tiers], currency: 'USD' }),
      createMembershipTier: (data: { name: string }) => {
        const created = { ...supporter, id: 'mtr_2', name: data.name, position: 1 };
        tiers.push(created);
        return created;
      },
    });
    await screen.findByRole('heading', { name: 'Studio Club' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled());

    fireEvent.click(screen.getByRole('button', { name: 'Add tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a tier' });
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Patron' } });
    fireEvent.change(within(dialog).getByLabelText('Monthly price (USD)'), { target: { value: '12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add tier' }));
    await waitFor(() => expect(callsOf(call, 'createMembershipTier')).toHaveLength(1));
    expect(await screen.findByText('Patron')).toBeInTheDocument();
    expect(callsOf(call, 'updateProduct')).toEqual([]);
  });
});
