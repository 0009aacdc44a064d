import { AppError, MESSAGES, type StoreDraft } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { SaleNotificationsSection } from './sale-notifications-section.tsx';
import { StoreDetailsSection } from './store-details-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.restoreAllMocks());

const published = testStore({ publishedAt: '2025-02-01T00:00:00.000Z' });

function draftOf(store = published, hasDraft = false): StoreDraft {
  const { name, description, avatarUrl, socialLinks, links, theme, themeOverrides, productLayout } = store;
  return { profile: { name, description, avatarUrl, socialLinks, links, theme, themeOverrides, productLayout }, hasDraft, updatedAt: hasDraft ? '2025-03-01T00:00:00.000Z' : null };
}

function answer(extra: Parameters<typeof answerFunctions>[1], store = published) {
  call.mockReset();
  answerFunctions(call, { listMyStores: () => ({ stores: [store], activeStoreId: store.id }), ...extra });
}

describe('Settings › Sale notifications', () => {
  it('shows the store’s setting and saves another one', async () => {
    answer({
      getSaleNotifications: () => ({ saleNotifications: 'each' }),
      updateSaleNotifications: ({ saleNotifications }: { saleNotifications: string }) => ({ saleNotifications }),
    });
    renderForCreator(<SaleNotificationsSection />);
    const user = userEvent.setup();
    expect(await screen.findByRole('radio', { name: /Each sale/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Save notifications' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Daily digest/ }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByRole('radio', { name: /Daily digest/ })).toBeChecked();
    expect(callsOf(call, 'updateSaleNotifications')).toEqual([{ storeId: 'store_1', saleNotifications: 'daily' }]);
  });

  it('shows the server’s refusal', async () => {
    answer({
      getSaleNotifications: () => ({ saleNotifications: 'each' }),
      updateSaleNotifications: () => {
        throw new AppError('not-found', MESSAGES.stores.notFound);
      },
    });
    renderForCreator(<SaleNotificationsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('radio', { name: /Off/ }));
    await user.click(screen.getByRole('button', { name: 'Save notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.stores.notFound);
  });
});

describe('Settings › Store details', () => {
  it('saves name and description live when no other draft changes are pending', async () => {
    answer({ getStoreDraft: () => draftOf(), saveStoreDraft: () => ({ updatedAt: 'now' }), publishStoreDraft: () => published });
    renderForCreator(<StoreDetailsSection storeBuilderPath="/dashboard/store-builder" />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store name');
    expect(name).toHaveValue('Cozy Mugs');
    await user.clear(name);
    await user.type(name, 'Cozier Mugs');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    // Seen while the toast is up: a found element checked after the wait could already have left with the toast.
    await waitFor(() => expect(screen.queryAllByText('Store details saved.').length).toBeGreaterThan(0));
    expect(callsOf(call, 'saveStoreDraft')).toEqual([{ storeId: 'store_1', profile: { ...draftOf().profile, name: 'Cozier Mugs' } }]);
    expect(callsOf(call, 'publishStoreDraft')).toEqual([{ storeId: 'store_1' }]);
  });

  it('keeps the builder’s pending draft: saves into it and does not publish', async () => {
    answer({ getStoreDraft: () => draftOf(published, true), saveStoreDraft: () => ({ updatedAt: 'now' }) });
    renderForCreator(<StoreDetailsSection storeBuilderPath="/dashboard/store-builder" />);
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Description'), ' Also bowls.');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryAllByText(/Saved to your store draft/).length).toBeGreaterThan(0));
    expect(callsOf(call, 'publishStoreDraft')).toEqual([]);
    expect(screen.getByRole('link', { name: 'Open the Store builder' })).toHaveAttribute('href', '/dashboard/store-builder');
  });

  it('holds core’s limits: a name of 99 characters is fine, 100 is refused before sending', async () => {
    answer({ getStoreDraft: () => draftOf(), saveStoreDraft: () => ({ updatedAt: 'now' }), publishStoreDraft: () => published });
    renderForCreator(<StoreDetailsSection storeBuilderPath="/dashboard/store-builder" />);
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.validation.storeNameRequired)).toBeInTheDocument();
    await user.type(name, 'x'.repeat(100));
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(MESSAGES.validation.storeNameTooLong)).toBeInTheDocument();
    expect(callsOf(call, 'saveStoreDraft')).toEqual([]);
    await user.type(name, '{Backspace}');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    await waitFor(() => expect(screen.queryAllByText('Store details saved.').length).toBeGreaterThan(0));
    expect(callsOf(call, 'saveStoreDraft')).toHaveLength(1);
  });
});
