import { AppError, DISCOUNT_MESSAGES, type DiscountCode } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testProduct } from '#src/testing/product-data.ts';
import { DiscountsScreen, EMPTY_DISCOUNTS_TEXT, HELD_USES_NOTE } from './discounts-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function testCode(overrides: Partial<DiscountCode> = {}): DiscountCode {
  return {
    id: 'dsc_1',
    code: 'SPRING20',
    kind: 'percent',
    value: 20,
    currency: 'EUR',
    productId: null,
    expiresAt: null,
    maxUses: 10,
    maxUsesPerEmail: null,
    minPriceCents: 0,
    active: true,
    usedCount: 3,
    heldCount: 0,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

const base = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  listProducts: () => ({ products: [testProduct({ id: 'prd_1', title: 'Glaze recipes' })], currency: 'EUR' }),
};

const render = () => renderForCreator(<DiscountsScreen />, { path: '/dashboard/products/discounts' });

describe('/dashboard/products/discounts', () => {
  it('lists each code with what it takes off, where it applies and its uses', async () => {
    answerFunctions(call, {
      ...base,
      listDiscountCodes: () => ({ codes: [testCode(), testCode({ id: 'dsc_2', code: 'MUGS5', kind: 'amount', value: 500, productId: 'prd_1', maxUses: null, usedCount: 0, active: false })] }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    const [spring, mugs] = within(list).getAllByRole('listitem');
    expect(spring).toHaveTextContent('SPRING20Active20% off · Every product · 3 of 10 used');
    await waitFor(() => expect(mugs).toHaveTextContent('MUGS5Inactive€5.00 off · Glaze recipes · 0 used'));
  });

  it('shows uses held by unpaid checkouts next to the uses, and says what held means', async () => {
    answerFunctions(call, {
      ...base,
      listDiscountCodes: () => ({ codes: [testCode({ maxUses: 3, usedCount: 0, heldCount: 2 }), testCode({ id: 'dsc_2', code: 'ALLHELD', maxUses: 3, usedCount: 1, heldCount: 2 })] }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Discount codes' });
    const [spring, held] = within(list).getAllByRole('listitem');
    expect(spring).toHaveTextContent('SPRING20Active20% off · Every product · 0 of 3 used · 2 held');
    expect(held).toHaveTextContent('ALLHELDAll uses held20% off · Every product · 1 of 3 used · 2 held');
    expect(screen.getByText(HELD_USES_NOTE)).toBeInTheDocument();
  });

  it('says nothing about held uses while none are held', async () => {
    answerFunctions(call, { ...base, listDiscountCodes: () => ({ codes: [testCode()] }) });
    render();
    await screen.findByRole('list', { name: 'Discount codes' });
    expect(screen.queryByText(HELD_USES_NOTE)).not.toBeInTheDocument();
    expect(screen.getByRole('listitem')).not.toHaveTextContent('held');
  });

  it('shows the empty state', async () => {
    answerFunctions(call, { ...base, listDiscountCodes: () => ({ codes: [] }) });
    render();
    expect(await screen.findByText(EMPTY_DISCOUNTS_TEXT)).toBeInTheDocument();
  });

  it('creates a code: refuses a bad percentage in the form, then sends the fields in minor units', async () => {
    answerFunctions(call, { ...base, listDiscountCodes: () => ({ codes: [] }), createDiscountCode: ({ fields }: { fields: DiscountCode }) => testCode({ ...fields, id: 'dsc_9' }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New discount code' }));
    const dialog = await screen.findByRole('dialog', { name: 'New discount code' });
    await user.type(within(dialog).getByLabelText('Code'), 'launch');
    await user.type(within(dialog).getByLabelText('Percent off'), '150');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText(DISCOUNT_MESSAGES.percentInvalid)).toBeInTheDocument();
    expect(callsOf(call, 'createDiscountCode')).toEqual([]);

    await user.click(within(dialog).getByLabelText('Fixed amount (EUR)'));
    const amount = within(dialog).getByLabelText('Amount off (€)');
    await user.clear(amount);
    await user.type(amount, '4.50');
    await user.type(within(dialog).getByLabelText('Total uses (optional)'), '5');
    await user.selectOptions(within(dialog).getByLabelText('Applies to'), 'prd_1');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    await waitFor(() =>
      expect(callsOf(call, 'createDiscountCode')).toEqual([
        {
          storeId: 'store_1',
          fields: { code: 'LAUNCH', kind: 'amount', value: 450, productId: 'prd_1', expiresAt: null, maxUses: 5, maxUsesPerEmail: null, minPriceCents: 0, active: true },
        },
      ]),
    );
  });

  it('shows the server’s refusal in the dialog and keeps what was typed', async () => {
    answerFunctions(call, {
      ...base,
      listDiscountCodes: () => ({ codes: [] }),
      createDiscountCode: () => {
        throw new AppError('already-exists', DISCOUNT_MESSAGES.codeExists);
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'New discount code' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Code'), 'TWIN');
    await user.type(within(dialog).getByLabelText('Percent off'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Create code' }));
    expect(await within(dialog).findByText(DISCOUNT_MESSAGES.codeExists)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Code')).toHaveValue('TWIN');
  });

  it('asks before deleting, and deletes only after the confirmation', async () => {
    answerFunctions(call, { ...base, listDiscountCodes: () => ({ codes: [testCode()] }), deleteDiscountCode: () => ({ deleted: true }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete SPRING20' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete SPRING20?' });
    expect(callsOf(call, 'deleteDiscountCode')).toEqual([]);
    await user.click(within(confirm).getByRole('button', { name: 'Delete code' }));
    await waitFor(() => expect(callsOf(call, 'deleteDiscountCode')).toEqual([{ storeId: 'store_1', discountId: 'dsc_1' }]));
  });
});
