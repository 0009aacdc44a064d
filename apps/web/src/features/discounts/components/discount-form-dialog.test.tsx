import { DISCOUNT_MESSAGES } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { DiscountsScreen } from './discounts-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

async function openEmptyForm() {
  answerFunctions(call, {
    listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
    listProducts: () => ({ products: [], currency: 'EUR' }),
    listDiscountCodes: () => ({ codes: [] }),
  });
  renderForCreator(<DiscountsScreen />, { path: '/dashboard/products/discounts' });
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'New discount code' }));
  return { user, dialog: await screen.findByRole('dialog', { name: 'New discount code' }) };
}

describe('the discount form names every field that needs attention', () => {
  it('an empty form names the code and the percentage, at the top and under each field, and sends nothing', async () => {
    const { user, dialog } = await openEmptyForm();
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    const summary = await within(dialog).findByRole('alert');
    expect(summary).toHaveTextContent('2 fields need your attention');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Code: ${DISCOUNT_MESSAGES.codeRequired}`,
      `Percent off: ${DISCOUNT_MESSAGES.percentRequired}`,
    ]);
    expect(within(dialog).getByLabelText('Code')).toHaveAccessibleDescription(expect.stringContaining(DISCOUNT_MESSAGES.codeRequired));
    expect(within(dialog).getByLabelText('Percent off')).toHaveAccessibleDescription(DISCOUNT_MESSAGES.percentRequired);
    expect(callsOf(call, 'createDiscountCode')).toEqual([]);

    await user.click(within(summary).getByRole('button', { name: 'Percent off' }));
    expect(within(dialog).getByLabelText('Percent off')).toHaveFocus();
  });

  it('names the amount for a fixed amount, and a wrong value by its rule, not as missing', async () => {
    const { user, dialog } = await openEmptyForm();
    await user.click(within(dialog).getByLabelText('Fixed amount (EUR)'));
    await user.type(within(dialog).getByLabelText('Code'), 'AB');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    const summary = await within(dialog).findByRole('alert');
    expect(within(summary).getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      `Code: ${DISCOUNT_MESSAGES.codeInvalid}`,
      `Amount off (€): ${DISCOUNT_MESSAGES.amountRequired}`,
    ]);
    await user.type(within(dialog).getByLabelText('Amount off (€)'), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText(`: ${DISCOUNT_MESSAGES.amountInvalid}`, { exact: false })).toBeInTheDocument();
  });

  it('a double click creates the code once, with the button disabled while it saves', async () => {
    let finish: (value: unknown) => void = () => {};
    answerFunctions(call, {
      listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
      listProducts: () => ({ products: [], currency: 'EUR' }),
      listDiscountCodes: () => ({ codes: [] }),
      createDiscountCode: () => new Promise((resolve) => (finish = resolve)),
    });
    renderForCreator(<DiscountsScreen />, { path: '/dashboard/products/discounts' });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New discount code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(dialog).getByLabelText('Code'), 'launch');
    await user.type(within(dialog).getByLabelText('Percent off'), '20');
    const button = within(dialog).getByRole('button', { name: 'Create code' });
    await act(async () => {
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
      button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
    await waitFor(() => expect(callsOf(call, 'createDiscountCode')).toHaveLength(1));
    expect(within(dialog).getByRole('button', { name: 'Saving…' })).toBeDisabled();
    finish({ id: 'dsc_9', code: 'LAUNCH', kind: 'percent', value: 20, currency: 'EUR', productId: null, expiresAt: null, maxUses: null, maxUsesPerEmail: null, minPriceCents: 0, active: true, usedCount: 0, heldCount: 0, createdAt: '2026-11-01T10:00:00.000Z' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New discount code' })).not.toBeInTheDocument());
    expect(callsOf(call, 'createDiscountCode')).toHaveLength(1);
  });
});
