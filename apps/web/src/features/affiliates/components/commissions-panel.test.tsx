import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testCommission, testPayout, testProgram } from '../affiliate-fixtures.ts';
import { formatDate } from '../lib/format.ts';
import { CommissionsPanel } from './commissions-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const base = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  getAffiliateProgram: () => testProgram(),
  listAffiliateCommissions: () => ({
    commissions: [
      testCommission({ id: 'afc_1', status: 'pending', testMode: true, holdUntil: '2026-11-15T12:00:00.000Z' }),
      testCommission({ id: 'afc_2', status: 'payable', productTitle: 'Glaze recipes', currency: 'JPY', baseCents: 3000, amountCents: 600, reversedCents: 200, netCents: 400 }),
      testCommission({ id: 'afc_3', status: 'paid', payoutId: 'afp_1' }),
      testCommission({ id: 'afc_4', status: 'cancelled', reversedCents: 500, netCents: 0 }),
    ],
  }),
  listAffiliatePayouts: () => ({ payouts: [testPayout()] }),
};

const render = () => renderForCreator(<CommissionsPanel />, { path: '/dashboard/affiliates' });
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);

describe('commissions', () => {
  it('lists each commission with its sale, amount, net after refunds and status in words, test sales marked', async () => {
    answerFunctions(call, base);
    render();
    const table = await screen.findByRole('table', { name: 'Commissions, newest first' });
    const [, pending, payable, paid, cancelled] = within(table).getAllByRole('row');
    expect(cellsOf(pending!)).toEqual(['Grace Hopper', 'Mug care guide', '$25.00', '$5.00', '$5.00', `Pending until ${formatDate('2026-11-15T12:00:00.000Z')}Test`]);
    expect(cellsOf(payable!)).toEqual(['Grace Hopper', 'Glaze recipes', '¥3,000', '¥600', '¥400¥200 refunded', 'Payable']);
    expect(cellsOf(paid!).at(-1)).toBe('Paid');
    expect(cellsOf(cancelled!).at(-1)).toBe('Cancelled');
    expect(within(pending!).getByRole('rowheader')).toHaveTextContent(formatDate('2026-11-01T10:00:00.000Z'));
  });

  it('links the payable CSV for the store’s own payout run', async () => {
    answerFunctions(call, base);
    render();
    expect(await screen.findByRole('link', { name: 'Export payable (CSV)' })).toHaveAttribute('href', '/api/stores/store_1/affiliate-payouts.csv');
  });

  it('says when there are none yet, and when they cannot load', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliateCommissions: () => ({ commissions: [] }),
      listAffiliatePayouts: () => {
        throw new AppError('unavailable', 'The server is not answering.');
      },
    });
    render();
    expect(await screen.findByText('No commissions yet. When a referred visitor buys, the sale shows up here.')).toBeInTheDocument();
    expect(await screen.findByRole('alert')).toHaveTextContent('Payouts could not loadThe server is not answering.');
  });
});

describe('payouts', () => {
  it('shows what was paid to whom, how, and the note', async () => {
    answerFunctions(call, base);
    render();
    const table = await screen.findByRole('table', { name: 'Payouts, newest first' });
    const [, row] = within(table).getAllByRole('row');
    expect(cellsOf(row!)).toEqual(['Grace Hopper', '$5.00', '2', 'Marked paid', 'Wise transfer 42']);
  });
});

describe('the test clock', () => {
  it('is absent on a server that takes no test payments', async () => {
    answerFunctions(call, base);
    render();
    await screen.findByRole('table', { name: 'Commissions, newest first' });
    expect(screen.queryByRole('heading', { name: /Test clock/ })).not.toBeInTheDocument();
  });

  it('refuses 0 and 366 days with the server’s message, then moves by 365 and refetches the commissions', async () => {
    let offsetDays = 0;
    answerFunctions(call, {
      ...base,
      getAffiliateProgram: () => testProgram({ testClock: { available: true, offsetDays } }),
      advanceAffiliateTestClock: ({ days }: { days: number }) => {
        offsetDays += days;
        return testProgram({ testClock: { available: true, offsetDays } });
      },
      listAffiliates: () => ({ affiliates: [], invites: [] }),
    });
    render();
    expect(await screen.findByRole('heading', { name: 'Test clock — moves only test-mode sales' })).toBeInTheDocument();
    expect(screen.getByText('The test clock shows the real date.')).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Move the test clock' });
    const days = within(form).getByLabelText('Days to move forward');
    expect(days).toHaveValue('14');
    const user = userEvent.setup();
    for (const wrong of ['0', '366']) {
      await user.clear(days);
      await user.type(days, wrong);
      await user.click(within(form).getByRole('button', { name: 'Advance the test clock' }));
      expect(await within(form).findByText(AFFILIATE_MESSAGES.testClockDays)).toBeInTheDocument();
    }
    expect(callsOf(call, 'advanceAffiliateTestClock')).toEqual([]);
    const commissionLoads = callsOf(call, 'listAffiliateCommissions').length;

    await user.clear(days);
    await user.type(days, '365');
    await user.click(within(form).getByRole('button', { name: 'Advance the test clock' }));
    await waitFor(() => expect(callsOf(call, 'advanceAffiliateTestClock')).toEqual([{ storeId: 'store_1', days: 365 }]));
    expect(await screen.findByText(/^Moved 365 days forward\. The test clock is 365 days ahead/)).toBeInTheDocument();
    await waitFor(() => expect(callsOf(call, 'listAffiliateCommissions').length).toBeGreaterThan(commissionLoads));
  });

  it('shows the server’s refusal when the server stopped taking test payments', async () => {
    answerFunctions(call, {
      ...base,
      getAffiliateProgram: () => testProgram({ testClock: { available: true, offsetDays: 14 } }),
      advanceAffiliateTestClock: () => {
        throw new AppError('failed-precondition', AFFILIATE_MESSAGES.testClockUnavailable);
      },
    });
    render();
    expect(await screen.findByText(/^The test clock is 14 days ahead/)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Advance the test clock' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.testClockUnavailable);
  });
});
