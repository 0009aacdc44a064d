import { AppError, MESSAGES } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderForCreator, TEST_CREATOR, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { StoreSwitcher } from './store-switcher.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

// The create-store dialog is a lazy chunk that starts loading when the menu first opens; the test
// that creates a store reads the dialog at once after its click, so the chunk's first import (its
// compile, seconds on a busy machine) must be done before: it loads here, on its own budget.
beforeAll(async () => {
  await import('./create-store-dialog.tsx');
}, 60_000);

const mugs = testStore();
const prints = testStore({ id: 'store_2', slug: 'paper-prints', name: 'Paper Prints' });

function answerStores(activeStoreId: string | null) {
  let active = activeStoreId;
  answerFunctions(call, {
    // listMyStores answers newest first (spec §7): Cozy Mugs is the newest, Paper Prints the oldest.
    listMyStores: () => ({ stores: [mugs, prints], activeStoreId: active }),
    switchActiveStore: ({ storeId }: { storeId: string }) => {
      active = storeId;
      return { activeStoreId: storeId };
    },
    checkSlug: ({ slug }: { slug: string }) => ({ status: 'valid', slug, popularity: 'low', suggestions: [] }),
    createAdditionalStore: () => {
      throw new AppError('resource-exhausted', MESSAGES.stores.limitReached);
    },
  });
}

const switcherButton = () => screen.getByRole('button', { name: /Switch store/ });

describe('StoreSwitcher', () => {
  it('shows the first store by creation date — the last of the newest-first list — when none is active (spec §4)', async () => {
    answerStores(null);
    renderForCreator(<StoreSwitcher />);
    expect(await screen.findByRole('button', { name: 'Store: Paper Prints. Switch store' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('moves through the menu with the arrow keys, Home and End, and closes on Escape', async () => {
    answerStores('store_1');
    renderForCreator(<StoreSwitcher />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Store: Cozy Mugs. Switch store' });

    switcherButton().focus();
    await user.keyboard('{ArrowDown}');
    const menu = screen.getByRole('menu', { name: 'Your stores' });
    expect(switcherButton()).toHaveAttribute('aria-expanded', 'true');
    const [first, second] = within(menu).getAllByRole('menuitemradio');
    expect(first).toHaveAttribute('aria-checked', 'true');
    expect(first).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(second).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(menu).getByRole('menuitem', { name: /Create another store/ })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(first).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(within(menu).getByRole('menuitem', { name: /Create another store/ })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(first).toHaveFocus();
    await user.keyboard('{End}');
    expect(within(menu).getByRole('menuitem', { name: /Create another store/ })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(switcherButton()).toHaveFocus();
  });

  it('switches the active store with Enter and shows it', async () => {
    answerStores('store_1');
    renderForCreator(<StoreSwitcher />);
    const user = userEvent.setup();
    await screen.findByRole('button', { name: 'Store: Cozy Mugs. Switch store' });

    switcherButton().focus();
    await user.keyboard('{ArrowDown}{ArrowDown}{Enter}');

    expect(await screen.findByRole('button', { name: 'Store: Paper Prints. Switch store' })).toBeInTheDocument();
    expect(callsOf(call, 'switchActiveStore')).toEqual([{ storeId: 'store_2' }]);
    expect(await screen.findByText('Switched to Paper Prints')).toBeInTheDocument();
  });

  it("shows the server's plan-limit refusal when creating another store", async () => {
    answerStores('store_1');
    // Under the limit as the client sees it (Boss: 10 stores); the server still refuses.
    renderForCreator(<StoreSwitcher />, { user: { ...TEST_CREATOR, subscription: { planId: 'boss' } } });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Store: Cozy Mugs. Switch store' }));
    await user.click(screen.getByRole('menuitem', { name: /Create another store/ }));

    const dialog = screen.getByRole('dialog', { name: 'Create another store' });
    await user.type(within(dialog).getByLabelText('Store name'), 'Second Shop');
    await within(dialog).findByText('This store URL is available');
    await user.click(within(dialog).getByRole('button', { name: 'Create store' }));

    expect(await within(dialog).findByText(MESSAGES.stores.limitReached)).toBeInTheDocument();
    expect(callsOf(call, 'createAdditionalStore')).toEqual([{ storeName: 'Second Shop', slug: 'second-shop', description: '', timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }]);
    expect(callsOf(call, 'switchActiveStore')).toEqual([]);
  });
});
