import { AppError, MESSAGES } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { PlanPricesPanel } from './plan-prices-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const prices = [
  { planId: 'side-hustle', monthlyCents: 900, yearlyCents: 9000, updatedAt: null, updatedBy: null },
  { planId: 'creator', monthlyCents: 2900, yearlyCents: 29000, updatedAt: null, updatedBy: null },
  { planId: 'boss', monthlyCents: 9900, yearlyCents: 99000, updatedAt: null, updatedBy: null },
];

describe('Admin › Plans', () => {
  it('lists each paid plan’s prices and saves a change with a reason', async () => {
    answerFunctions(call, {
      getPlanPrices: () => ({ prices }),
      setPlanPrice: (input: { planId: string; monthlyCents: number; yearlyCents: number }) => ({ price: { ...input, updatedAt: '2026-11-25T10:00:00.000Z', updatedBy: 'usr_admin' } }),
    });
    renderForCreator(<PlanPricesPanel />);
    const row = (await screen.findByRole('rowheader', { name: 'Creator' })).closest('tr')!;
    expect(within(row).getByText('$29.00')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'Edit Creator prices' }));
    const dialog = screen.getByRole('dialog', { name: 'Creator prices' });
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(await within(dialog).findByText('Say why the price changes')).toBeInTheDocument();
    const monthly = within(dialog).getByLabelText('Monthly price (USD)');
    await user.clear(monthly);
    await user.type(monthly, '39');
    await user.type(within(dialog).getByLabelText('Reason'), 'New pricing');
    await user.click(within(dialog).getByRole('button', { name: 'Save prices' }));
    expect(callsOf(call, 'setPlanPrice')).toEqual([{ planId: 'creator', monthlyCents: 3900, yearlyCents: 29000, reason: 'New pricing' }]);
  });

  it('shows the server’s refusal', async () => {
    answerFunctions(call, {
      getPlanPrices: () => ({ prices }),
      setPlanPrice: () => {
        throw new AppError('permission-denied', MESSAGES.admin.mfaRequired);
      },
    });
    renderForCreator(<PlanPricesPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Boss prices' }));
    await user.type(screen.getByLabelText('Reason'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save prices' }));
    expect(await screen.findByText(MESSAGES.admin.mfaRequired)).toBeInTheDocument();
  });
});
