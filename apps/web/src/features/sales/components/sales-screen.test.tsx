import { AppError, COMMERCE_MESSAGES, type Order, type OrderTotals } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { testStore } from '#src/testing/creator-kit.tsx';
import { quickRangeDates, QUICK_RANGES } from '../lib/sales-filters.ts';
import { EMPTY_SALES_TEXT, SalesScreen } from './sales-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const TODAY = new Date('2026-11-22T15:00:00.000Z');

function order(overrides: Partial<Order> = {}): Order {
  return {
    id: 'ord_1',
    storeId: 'store_1',
    status: 'paid',
    provider: 'test',
    amountCents: 1250,
    currency: 'EUR',
    platformFeeCents: 0,
    product: { id: 'prod_1', title: 'Riso Zine', type: 'digital' },
    customer: { id: 'cus_1', name: 'Ada Lovelace', email: 'ada@example.com' },
    downloadCount: 3,
    createdAt: '2026-11-20T10:00:00.000Z',
    refundedAt: null,
    refundedCents: 0,
    refunds: [],
    ...overrides,
  };
}

const totals = (overrides: Partial<OrderTotals> = {}): OrderTotals => ({ count: 1, grossCents: 1250, refundedCents: 0, netCents: 1250, currency: 'EUR', ...overrides });

function renderSales(path = '/dashboard/sales') {
  const routes = [{ path: '/dashboard/sales', element: <SalesScreen today={() => TODAY} /> }];
  return renderMode({ routes, path, resolution: resolutionFor('dashboard') });
}

const money = (cents: number, currency = 'EUR') => new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(cents / 100);
const listMyStores = () => ({ stores: [testStore()], activeStoreId: 'store_1' });

describe('Sales page', () => {
  it('shows the totals in the store currency and each order with its customer, amount, status and downloads', async () => {
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({
        orders: [order(), order({ id: 'ord_2', status: 'refunded', amountCents: 500, customer: { id: 'c2', name: 'Bob', email: 'bob@example.com' }, downloadCount: 0 })],
        nextCursor: null,
        totals: totals({ count: 2, grossCents: 1750, refundedCents: 500, netCents: 1250 }),
      }),
    });
    renderSales();
    const cards = await screen.findByRole('list', { name: 'Orders' });
    const totalsList = screen.getByLabelText('Revenue totals');
    expect(within(totalsList).getByText('Gross revenue').nextSibling).toHaveTextContent(money(1750));
    expect(within(totalsList).getByText('Refunds').nextSibling).toHaveTextContent(money(500));
    expect(within(totalsList).getByText('Net revenue').nextSibling).toHaveTextContent(money(1250));
    expect(within(totalsList).getByText('Orders').nextSibling).toHaveTextContent('2');

    const [first, second] = within(cards).getAllByTestId('order');
    expect(first).toHaveTextContent('Riso Zine');
    expect(first).toHaveTextContent('Ada Lovelace');
    expect(first).toHaveTextContent('ada@example.com');
    expect(first).toHaveTextContent(money(1250));
    expect(first).toHaveTextContent('Paid');
    expect(first).toHaveTextContent('Downloads: 3');
    expect(within(first!).getByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' })).toBeInTheDocument();
    expect(second).toHaveTextContent('Refunded');
    expect(within(second!).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    expect(callsOf(call, 'listOrders')).toEqual([{ storeId: 'store_1', limit: 50 }]);
  });

  it('lists both lines of an order with an order bump', async () => {
    const items = [
      { productId: 'prod_1', title: 'Riso Zine', amountCents: 1250 },
      { productId: 'prod_2', title: 'Sticker pack', amountCents: 300 },
    ];
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({ orders: [order({ amountCents: 1550, items })], nextCursor: null, totals: totals({ grossCents: 1550, netCents: 1550 }) }),
    });
    renderSales();
    const lines = await screen.findByRole('list', { name: 'Lines of the order by Ada Lovelace' });
    const [main, bump] = within(lines).getAllByRole('listitem');
    expect(main).toHaveTextContent(`Riso Zine · ${money(1250)}`);
    expect(bump).toHaveTextContent(`+ Sticker pack · ${money(300)}`);
  });

  it('reads the filters from the URL, and quick ranges and status update the query and the CSV link', async () => {
    answerFunctions(call, { listMyStores, listOrders: () => ({ orders: [order()], nextCursor: null, totals: totals() }) });
    const { router } = renderSales('/dashboard/sales?status=paid&from=2026-11-01');
    await screen.findByRole('list', { name: 'Orders' });
    expect(callsOf(call, 'listOrders')[0]).toEqual({ storeId: 'store_1', from: '2026-11-01', status: 'paid', limit: 50 });
    expect(screen.getByLabelText('Status')).toHaveValue('paid');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Last 7 days' }));
    const week = quickRangeDates(QUICK_RANGES[0], TODAY);
    expect(week).toEqual({ from: '2026-11-16', to: '2026-11-22' });
    await waitFor(() => expect(callsOf(call, 'listOrders').at(-1)).toEqual({ storeId: 'store_1', ...week, status: 'paid', limit: 50 }));
    expect(router.state.location.search).toBe('?from=2026-11-16&to=2026-11-22&status=paid');
    expect(screen.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/stores/store_1/orders.csv?from=2026-11-16&to=2026-11-22&status=paid');

    await user.selectOptions(screen.getByLabelText('Status'), '');
    await user.click(screen.getByRole('button', { name: 'All time' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(callsOf(call, 'listOrders').at(-1)).toEqual({ storeId: 'store_1', limit: 50 });
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/stores/store_1/orders.csv');
  });

  it('says when the start date is after the end date, without asking the server', async () => {
    answerFunctions(call, { listMyStores, listOrders: () => ({ orders: [], nextCursor: null, totals: totals({ count: 0 }) }) });
    renderSales('/dashboard/sales?from=2026-11-10&to=2026-11-09');
    expect(await screen.findByText(COMMERCE_MESSAGES.invalidDateRange, undefined)).toBeInTheDocument();
    expect(callsOf(call, 'listOrders')).toEqual([]);
  });

  it('loads more orders with the cursor of the last page', async () => {
    answerFunctions(call, {
      listMyStores,
      listOrders: ({ cursor }: { cursor?: string }) =>
        cursor === 'next-1'
          ? { orders: [order({ id: 'ord_3', product: { id: 'p', title: 'Older Zine', type: 'digital' } })], nextCursor: null, totals: totals({ count: 2 }) }
          : { orders: [order()], nextCursor: 'next-1', totals: totals({ count: 2 }) },
    });
    renderSales();
    await screen.findByText('Showing 1 of 2 orders', undefined);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Older Zine')).toBeInTheDocument();
    expect(screen.getByText('Showing 2 of 2 orders')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsOf(call, 'listOrders').at(-1)).toMatchObject({ cursor: 'next-1' });
  });

  it('shows the empty state with the store link when there are no orders', async () => {
    answerFunctions(call, { listMyStores, listOrders: () => ({ orders: [], nextCursor: null, totals: totals({ count: 0, grossCents: 0, netCents: 0 }) }) });
    renderSales();
    expect(await screen.findByText(EMPTY_SALES_TEXT, undefined)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open your store' })).toHaveAttribute('href', '/cozy-mugs');
  });

  it('shows the server’s error and retries', async () => {
    let fail = true;
    answerFunctions(call, {
      listMyStores,
      listOrders: () => {
        if (fail) throw new AppError('unavailable', 'The service is temporarily unavailable.');
        return { orders: [order()], nextCursor: null, totals: totals() };
      },
    });
    renderSales();
    expect(await screen.findByText('The service is temporarily unavailable.', undefined)).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Riso Zine')).toBeInTheDocument();
  });

  it('refunds what remains by default, after a confirmation naming the amount, then reloads the orders', async () => {
    let refunded = false;
    const full = { status: 'refunded' as const, refundedCents: 1250, refunds: [{ id: 'rf_1', amountCents: 1250, createdAt: '2026-11-21T10:00:00.000Z' }] };
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({ orders: [order(refunded ? full : {})], nextCursor: null, totals: totals() }),
      refundOrder: () => {
        refunded = true;
        return order(full);
      },
    });
    renderSales();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund this order' });
    expect(dialog).toHaveTextContent('Riso Zine for Ada Lovelace (ada@example.com)');
    expect(within(dialog).getByLabelText('Amount to refund (EUR)')).toHaveValue('12.50');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(`Refund ${money(1250)} to Ada Lovelace?`);
    expect(dialog).toHaveTextContent('their download links stop working at once');
    await user.click(within(dialog).getByRole('button', { name: `Refund ${money(1250)}` }));

    expect(await screen.findByText(`Refunded ${money(1250)} to Ada Lovelace. The order is fully refunded and its downloads are revoked.`)).toBeInTheDocument();
    expect(callsOf(call, 'refundOrder')).toEqual([{ storeId: 'store_1', orderId: 'ord_1', amountCents: 1250 }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('Refunded'));
  });

  it('refunds part of an order: the order shows what was refunded and stays refundable', async () => {
    let refunded = false;
    const partial = { refundedCents: 450, refunds: [{ id: 'rf_1', amountCents: 450, createdAt: '2026-11-21T10:00:00.000Z' }] };
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({ orders: [order(refunded ? partial : {})], nextCursor: null, totals: totals() }),
      refundOrder: () => {
        refunded = true;
        return order(partial);
      },
    });
    renderSales();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog');
    const amount = within(dialog).getByLabelText('Amount to refund (EUR)');
    await user.clear(amount);
    await user.type(amount, '4.5');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(dialog).toHaveTextContent(`Their downloads keep working; ${money(800)} stays refundable.`);
    await user.click(within(dialog).getByRole('button', { name: `Refund ${money(450)}` }));

    expect(await screen.findByText(`Refunded ${money(450)} to Ada Lovelace. Their downloads keep working.`)).toBeInTheDocument();
    expect(callsOf(call, 'refundOrder')).toEqual([{ storeId: 'store_1', orderId: 'ord_1', amountCents: 450 }]);
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('Partly refunded'));
    const row = screen.getByTestId('order');
    expect(row).toHaveTextContent(`${money(450)} refunded`);
    await user.click(within(row).getByText(`1 refund · ${money(450)} of ${money(1250)}`));
    const history = within(row).getByRole('list', { name: 'Refunds of Riso Zine for Ada Lovelace' });
    expect(history).toHaveTextContent(money(450));
    expect(history).toHaveTextContent(`Still refundable${money(800)}`);
    expect(within(row).getByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' })).toBeInTheDocument();
  });

  it('refuses an amount of zero or more than what remains before asking the server', async () => {
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({ orders: [order({ refundedCents: 1000 })], nextCursor: null, totals: totals() }),
    });
    renderSales();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog');
    const amount = within(dialog).getByLabelText('Amount to refund (EUR)');
    expect(amount).toHaveValue('2.50');
    for (const [typed, message] of [
      ['0', COMMERCE_MESSAGES.refundAmountTooLow],
      ['2.51', COMMERCE_MESSAGES.refundAmountTooHigh],
      ['abc', `Enter an amount like ${money(250)}`],
    ] as const) {
      await user.clear(amount);
      await user.type(amount, typed);
      await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
      expect(amount).toHaveAttribute('aria-invalid', 'true');
    }
    expect(callsOf(call, 'refundOrder')).toEqual([]);
  });

  it('keeps the dialog open with the server’s message when the refund fails', async () => {
    answerFunctions(call, {
      listMyStores,
      listOrders: () => ({ orders: [order()], nextCursor: null, totals: totals() }),
      refundOrder: () => {
        throw new AppError('unavailable', COMMERCE_MESSAGES.refundFailed);
      },
    });
    renderSales();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund Riso Zine for Ada Lovelace' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: `Refund ${money(1250)}` }));
    expect(await within(dialog).findByText(COMMERCE_MESSAGES.refundFailed)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: `Refund ${money(1250)}` })).toBeEnabled();
    expect(screen.getByTestId('order')).toHaveTextContent('Paid');
  });
});
