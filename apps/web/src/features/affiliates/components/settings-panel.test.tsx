import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testProgram } from '../affiliate-fixtures.ts';
import { AffiliateSettingsPanel } from './settings-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const listMyStores = () => ({ stores: [testStore()], activeStoreId: 'store_1' });
const render = () => renderForCreator(<AffiliateSettingsPanel />, { path: '/dashboard/affiliates' });

async function programForm() {
  return screen.findByRole('form', { name: 'Program settings' });
}

async function setField(form: HTMLElement, label: string, value: string) {
  const user = userEvent.setup();
  const input = within(form).getByLabelText(label);
  await user.clear(input);
  if (value) await user.type(input, value);
  return user;
}

describe('program settings', () => {
  it('shows the saved terms, each field explained in a sentence', async () => {
    answerFunctions(call, { listMyStores, getAffiliateProgram: () => testProgram({ enabled: false, joinMode: 'approval' }) });
    render();
    const form = await programForm();
    expect(within(form).getByRole('switch', { name: 'Affiliate program' })).toHaveAttribute('aria-checked', 'false');
    expect(within(form).getByLabelText('Default commission (%)')).toHaveValue('20');
    expect(within(form).getByLabelText('Attribution window (days)')).toHaveValue('30');
    expect(within(form).getByLabelText('Holding period (days)')).toHaveAccessibleDescription('Commission becomes payable this many days after the sale, so refunds can land first.');
    expect(within(form).getByRole('radio', { name: /Approval required/ })).toBeChecked();
    expect(screen.getByText('Off')).toBeInTheDocument();
  });

  it('refuses a commission of 91 with the server’s message and saves nothing; 90 saves', async () => {
    answerFunctions(call, { listMyStores, getAffiliateProgram: () => testProgram(), updateAffiliateProgram: (input: object) => testProgram(input) });
    render();
    const form = await programForm();
    const user = await setField(form, 'Default commission (%)', '91');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(AFFILIATE_MESSAGES.commissionPercent)).toBeInTheDocument();
    expect(within(form).getByLabelText('Default commission (%)')).toHaveAttribute('aria-invalid', 'true');
    expect(callsOf(call, 'updateAffiliateProgram')).toEqual([]);

    await setField(form, 'Default commission (%)', '90');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(callsOf(call, 'updateAffiliateProgram')).toHaveLength(1));
    expect(within(form).queryByText(AFFILIATE_MESSAGES.commissionPercent)).not.toBeInTheDocument();
  });

  it('refuses a holding period of 91 and a window of 0, each under its own field', async () => {
    answerFunctions(call, { listMyStores, getAffiliateProgram: () => testProgram() });
    render();
    const form = await programForm();
    await setField(form, 'Holding period (days)', '91');
    const user = await setField(form, 'Attribution window (days)', '0');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByText(AFFILIATE_MESSAGES.holdingDays)).toBeInTheDocument();
    expect(within(form).getByText(AFFILIATE_MESSAGES.windowDays)).toBeInTheDocument();
    expect(callsOf(call, 'updateAffiliateProgram')).toEqual([]);
  });

  it('turns the program on with 30% and approval, and announces the result', async () => {
    answerFunctions(call, { listMyStores, getAffiliateProgram: () => testProgram({ enabled: false }), updateAffiliateProgram: (input: object) => testProgram(input) });
    render();
    const form = await programForm();
    const user = await setField(form, 'Default commission (%)', '30');
    expect(screen.getByTestId('program-state')).toHaveTextContent(/^Off$/);
    await user.click(within(form).getByRole('switch', { name: 'Affiliate program' }));
    // The new state shows at once, marked as not saved, before anything is sent.
    expect(screen.getByTestId('program-state')).toHaveTextContent(/^On · not saved yet$/);
    expect(callsOf(call, 'updateAffiliateProgram')).toEqual([]);
    await user.click(within(form).getByRole('radio', { name: /Approval required/ }));
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('status')).toHaveTextContent('Saved. The program is on.');
    expect(callsOf(call, 'updateAffiliateProgram')).toEqual([{ storeId: 'store_1', enabled: true, commissionPercent: 30, windowDays: 30, holdingDays: 14, joinMode: 'approval' }]);
    expect(screen.getByTestId('program-state')).toHaveTextContent(/^On$/);
  });

  it('shows the server’s refusal and keeps what was typed', async () => {
    answerFunctions(call, {
      listMyStores,
      getAffiliateProgram: () => testProgram(),
      updateAffiliateProgram: () => {
        throw new AppError('failed-precondition', 'This feature is not available on this platform right now.');
      },
    });
    render();
    const form = await programForm();
    const user = await setField(form, 'Default commission (%)', '25');
    await user.click(within(form).getByRole('button', { name: 'Save settings' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('This feature is not available on this platform right now.');
    expect(within(form).getByLabelText('Default commission (%)')).toHaveValue('25');
    expect(within(form).getByRole('status')).toHaveTextContent('');
  });

  it('says when the program cannot load, and tries again', async () => {
    let fail = true;
    answerFunctions(call, {
      listMyStores,
      getAffiliateProgram: () => {
        if (fail) throw new AppError('unavailable', 'The server is not answering.');
        return testProgram();
      },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('The affiliate program could not load');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await programForm()).toBeInTheDocument();
  });
});

describe('commission per product', () => {
  it('shows each product with the default or its own rate, and saves one row at a time', async () => {
    answerFunctions(call, {
      listMyStores,
      getAffiliateProgram: () => testProgram(),
      setAffiliateProductRate: ({ productId, commissionPercent }: { productId: string; commissionPercent: number | null }) =>
        testProgram({ products: testProgram().products.map((row) => (row.productId === productId ? { ...row, commissionPercent } : row)) }),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Commission per product' });
    const [, guide, glaze] = within(table).getAllByRole('row');
    expect(guide).toHaveTextContent('Mug care guide');
    expect(guide).toHaveTextContent('20% (default)');
    expect(within(guide!).getByLabelText('Own commission for Mug care guide (%)')).toHaveAttribute('placeholder', '20 (default)');
    expect(within(glaze!).getByLabelText('Own commission for Glaze recipes (%)')).toHaveValue('35');

    const user = userEvent.setup();
    await user.type(within(guide!).getByLabelText('Own commission for Mug care guide (%)'), '91');
    await user.click(within(guide!).getByRole('button', { name: 'Save the commission for Mug care guide' }));
    expect(await within(guide!).findByText(AFFILIATE_MESSAGES.commissionPercent)).toBeInTheDocument();
    expect(callsOf(call, 'setAffiliateProductRate')).toEqual([]);

    await user.clear(within(guide!).getByLabelText('Own commission for Mug care guide (%)'));
    await user.type(within(guide!).getByLabelText('Own commission for Mug care guide (%)'), '40');
    await user.click(within(guide!).getByRole('button', { name: 'Save the commission for Mug care guide' }));
    expect(await within(guide!).findByText('Saved: 40%.')).toBeInTheDocument();
    expect(guide).toHaveTextContent('40%');

    await user.clear(within(glaze!).getByLabelText('Own commission for Glaze recipes (%)'));
    await user.click(within(glaze!).getByRole('button', { name: 'Save the commission for Glaze recipes' }));
    expect(await within(glaze!).findByText('Saved: the default applies.')).toBeInTheDocument();
    expect(callsOf(call, 'setAffiliateProductRate')).toEqual([
      { storeId: 'store_1', productId: 'prod_1', commissionPercent: 40 },
      { storeId: 'store_1', productId: 'prod_2', commissionPercent: null },
    ]);
    expect(glaze).toHaveTextContent('20% (default)');
  });

  it('shows the server’s message under the row it belongs to', async () => {
    answerFunctions(call, {
      listMyStores,
      getAffiliateProgram: () => testProgram(),
      setAffiliateProductRate: () => {
        throw new AppError('not-found', AFFILIATE_MESSAGES.productNotFound);
      },
    });
    render();
    const table = await screen.findByRole('table', { name: 'Commission per product' });
    const [, guide, glaze] = within(table).getAllByRole('row');
    const user = userEvent.setup();
    await user.type(within(guide!).getByLabelText('Own commission for Mug care guide (%)'), '10');
    await user.click(within(guide!).getByRole('button', { name: 'Save the commission for Mug care guide' }));
    expect(await within(guide!).findByText(AFFILIATE_MESSAGES.productNotFound)).toBeInTheDocument();
    expect(within(glaze!).queryByText(AFFILIATE_MESSAGES.productNotFound)).not.toBeInTheDocument();
  });
});
