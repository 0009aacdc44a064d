import { DEFAULT_FEATURE_FLAGS, MESSAGES, type PlanId } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, TEST_CREATOR, testStore } from '#src/testing/creator-kit.tsx';
import { CreateStoreDialog } from './create-store-dialog.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function openDialog(options: { planId: PlanId; storeCount: number; multiStore?: boolean; createAdditionalStore?: () => unknown }) {
  const stores = Array.from({ length: options.storeCount }, (_, index) => testStore({ id: `store_${index + 1}`, slug: `shop-${index + 1}`, name: `Shop ${index + 1}` }));
  answerFunctions(call, {
    ...(options.createAdditionalStore ? { createAdditionalStore: options.createAdditionalStore } : {}),
    listMyStores: () => ({ stores, activeStoreId: stores[0]?.id ?? null }),
    getPlatformStatus: () => ({
      maintenanceMode: false,
      maintenanceMessage: '',
      allowSignups: true,
      signupsOpen: true,
      featureFlags: { ...DEFAULT_FEATURE_FLAGS, multiStore: options.multiStore ?? true },
    }),
    checkSlug: ({ slug }: { slug: string }) => ({ status: 'valid', slug, popularity: 'low', suggestions: [] }),
  });
  const onClose = vi.fn();
  renderForCreator(<CreateStoreDialog open first={false} onClose={onClose} />, {
    user: { ...TEST_CREATOR, storeCount: options.storeCount, subscription: { planId: options.planId } },
  });
  return { dialog: screen.getByRole('dialog', { name: 'Create another store' }), onClose };
}

describe('CreateStoreDialog and the store limit (core plans)', () => {
  it('at the limit (Creator plan, 3 stores): says so up front, names the plan that allows more, no form', async () => {
    const { dialog, onClose } = openDialog({ planId: 'creator', storeCount: 3 });
    expect(await within(dialog).findByText("You've reached your store limit.")).toBeInTheDocument();
    expect(within(dialog).getByText('Your Creator plan includes 3 stores. The Boss plan allows 10 stores.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Store name')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Upgrade to Boss' })).toHaveAttribute('href', '/dashboard/settings/billing');
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Got it' }));
    expect(onClose).toHaveBeenCalled();
  });

  it('under the limit (Creator plan, 2 stores): shows the form', async () => {
    const { dialog } = openDialog({ planId: 'creator', storeCount: 2 });
    expect(await within(dialog).findByLabelText('Store name')).toBeInTheDocument();
    expect(within(dialog).queryByText("You've reached your store limit.")).not.toBeInTheDocument();
  });

  it('the Free plan at 1 store is pointed at the Creator plan (Side Hustle allows no more)', async () => {
    const { dialog } = openDialog({ planId: 'free', storeCount: 1 });
    expect(await within(dialog).findByText('Your Free plan includes 1 store. The Creator plan allows 3 stores.')).toBeInTheDocument();
  });

  it('the top plan at its limit says no plan allows more', async () => {
    const { dialog } = openDialog({ planId: 'boss', storeCount: 10 });
    expect(await within(dialog).findByText('Your Boss plan includes 10 stores, the most any plan allows.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('link')).not.toBeInTheDocument();
  });

  it('with multiStore off, one store is the limit whatever the plan', async () => {
    const { dialog } = openDialog({ planId: 'boss', storeCount: 1, multiStore: false });
    expect(await within(dialog).findByText('This platform allows 1 store per creator for now.')).toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Store name')).not.toBeInTheDocument();
  });
});

describe('CreateStoreForm messages and double submits', () => {
  it('an emoji-only name gets a plain message about the name, never slug jargon', async () => {
    const { dialog } = openDialog({ planId: 'creator', storeCount: 1 });
    const user = userEvent.setup();
    await user.type(await within(dialog).findByLabelText('Store name'), '🎨🎨');
    expect(await within(dialog).findByText(MESSAGES.validation.storeNameNoAddress)).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.slug.invalidFormat)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Create store' })).toBeDisabled();
  });

  it('a 400-character name shows "too long" once, under the name', async () => {
    const { dialog } = openDialog({ planId: 'creator', storeCount: 1 });
    const user = userEvent.setup();
    await user.click(await within(dialog).findByLabelText('Store name'));
    await user.paste('a'.repeat(400));
    await user.tab();
    expect(await within(dialog).findByText(MESSAGES.validation.storeNameTooLong)).toBeInTheDocument();
    expect(within(dialog).getAllByText(MESSAGES.validation.storeNameTooLong)).toHaveLength(1);
    expect(callsOf(call, 'checkSlug')).toEqual([]);
  });

  it('a double click creates one store', async () => {
    let finish: (value: unknown) => void = () => {};
    const { dialog } = openDialog({ planId: 'creator', storeCount: 1, createAdditionalStore: () => new Promise((resolve) => (finish = resolve)) });
    const user = userEvent.setup();
    await user.type(await within(dialog).findByLabelText('Store name'), 'Second Shop');
    const button = await within(dialog).findByRole('button', { name: 'Create store' });
    await waitFor(() => expect(button).toBeEnabled());
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    expect(within(dialog).getByRole('button', { name: 'Creating your store…' })).toBeDisabled();
    finish(testStore({ id: 'store_2', slug: 'second-shop', name: 'Second Shop' }));
    await waitFor(() => expect(callsOf(call, 'createAdditionalStore')).toHaveLength(1));
  });
});
