import { AppError } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { DangerZone } from './danger-zone.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const mugs = testStore();
const prints = testStore({ id: 'store_2', slug: 'paper-prints', name: 'Paper Prints' });

async function openDialog() {
  const user = userEvent.setup();
  renderForCreator(<DangerZone />);
  await user.click(await screen.findByRole('button', { name: 'Delete store…' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete Cozy Mugs?' });
  return { user, dialog, input: within(dialog).getByLabelText(/to confirm/), submit: within(dialog).getByRole('button', { name: 'Delete this store' }) };
}

describe('deleting a store', () => {
  it('enables the button only when the slug is typed exactly', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [mugs], activeStoreId: 'store_1' }) });
    const { user, input, submit } = await openDialog();
    expect(submit).toBeDisabled();
    for (const attempt of ['cozy-mug', 'Cozy-Mugs', 'cozy-mugs ', ' cozy-mugs']) {
      await user.clear(input);
      await user.type(input, attempt);
      expect(submit, attempt).toBeDisabled();
    }
    await user.clear(input);
    await user.type(input, 'cozy-mugs');
    expect(submit).toBeEnabled();
    expect(callsOf(call, 'deleteStoreAndTenant')).toEqual([]);
  });

  it('deletes with the typed slug and moves the dashboard to the next store', async () => {
    let stores = [mugs, prints];
    answerFunctions(call, {
      listMyStores: () => ({ stores, activeStoreId: stores[0]?.id ?? null }),
      deleteStoreAndTenant: () => {
        stores = [prints];
        return { deleted: true, activeStoreId: 'store_2' };
      },
    });
    const { user, input, submit } = await openDialog();
    await user.type(input, 'cozy-mugs');
    await user.click(submit);

    expect(await screen.findByText('Cozy Mugs was deleted')).toBeInTheDocument();
    expect(callsOf(call, 'deleteStoreAndTenant')).toEqual([{ storeId: 'store_1', confirmSlug: 'cozy-mugs' }]);
    expect(await screen.findByText('Paper Prints')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it("keeps the dialog open with the server's message when deleting fails", async () => {
    answerFunctions(call, {
      listMyStores: () => ({ stores: [mugs], activeStoreId: 'store_1' }),
      deleteStoreAndTenant: () => {
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      },
    });
    const { user, dialog, input, submit } = await openDialog();
    await user.type(input, 'cozy-mugs');
    await user.click(submit);
    expect(await within(dialog).findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(submit).toBeEnabled();
  });
});
