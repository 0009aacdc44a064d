import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderCustomers, testCustomer } from '../customer-fixtures.tsx';
import { EMPTY_CUSTOMERS_TEXT } from './customers-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const grace = testCustomer({ tags: ['vip', 'potter'], hasAccount: true });
const alan = testCustomer({ id: 'cus_2', name: 'Alan Turing', email: 'alan@example.com', orderCount: 0, lifetimeValueCents: 0, lastOrderAt: null });

const base = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  getPaymentSettings: () => ({ provider: 'test', currency: 'EUR', testMode: { enabled: true }, stripe: { configured: false, accountId: null, connectedAt: null, platformFeePercent: 0 } }),
};

const render = () => renderCustomers();

describe('/dashboard/customers list', () => {
  it('shows each customer with orders, lifetime value in the store currency, tags, the Member badge and the total', async () => {
    answerFunctions(call, { ...base, getStoreCustomers: () => ({ customers: [grace, alan], nextCursor: null, total: 2 }) });
    render();
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByTestId('customer-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', '/dashboard/customers?customer=cus_1');
    expect(within(rows[0]!).getByText('grace@example.com')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Member')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('vip')).toBeInTheDocument();
    expect(await within(rows[0]!).findByText('€1,234.50')).toBeInTheDocument();
    expect(within(rows[1]!).queryByText('Member')).not.toBeInTheDocument();
    expect(screen.getByText('2 customers')).toBeInTheDocument();
    expect(screen.getAllByTestId('customer-card')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/stores/store_1/customers.csv');
    expect(callsOf(call, 'getStoreCustomers')).toEqual([{ storeId: 'store_1' }]);
  });

  it('marks who unsubscribed from marketing email, in the table and on the phone cards', async () => {
    const gone = testCustomer({ id: 'cus_3', name: 'Ada Lovelace', email: 'ada@example.com', unsubscribedAt: '2026-03-05T12:00:00.000Z' });
    answerFunctions(call, { ...base, getStoreCustomers: () => ({ customers: [grace, gone], nextCursor: null, total: 2 }) });
    render();
    const rows = within(await screen.findByRole('table')).getAllByTestId('customer-row');
    expect(within(rows[1]!).getByText('Unsubscribed')).toBeInTheDocument();
    expect(within(rows[0]!).queryByText('Unsubscribed')).not.toBeInTheDocument();
    const cards = screen.getAllByTestId('customer-card');
    expect(within(cards[1]!).getByText('Unsubscribed')).toBeInTheDocument();
    expect(within(cards[0]!).queryByText('Unsubscribed')).not.toBeInTheDocument();
  });

  it('falls back to USD when the payment settings cannot be read', async () => {
    answerFunctions(call, {
      listMyStores: base.listMyStores,
      getStoreCustomers: () => ({ customers: [grace], nextCursor: null, total: 1 }),
    });
    render();
    expect(await within(await screen.findByRole('table')).findByText('$1,234.50')).toBeInTheDocument();
    expect(screen.getByText('1 customer')).toBeInTheDocument();
  });

  it('loads the next page with the cursor and appends it', async () => {
    answerFunctions(call, {
      ...base,
      getStoreCustomers: ({ cursor }: { cursor?: string }) =>
        cursor === 'next-1' ? { customers: [alan], nextCursor: null, total: 2 } : { customers: [grace], nextCursor: 'next-1', total: 2 },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Load more' }));
    const table = screen.getByRole('table');
    await within(table).findByRole('link', { name: 'Alan Turing' });
    expect(within(table).getAllByTestId('customer-row')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsOf(call, 'getStoreCustomers')).toEqual([{ storeId: 'store_1' }, { storeId: 'store_1', cursor: 'next-1' }]);
  });

  it('shows the empty state', async () => {
    answerFunctions(call, { ...base, getStoreCustomers: () => ({ customers: [], nextCursor: null, total: 0 }) });
    render();
    expect(await screen.findByText(EMPTY_CUSTOMERS_TEXT)).toBeInTheDocument();
  });

  it("shows the server's message and retries", async () => {
    let fail = true;
    answerFunctions(call, {
      ...base,
      getStoreCustomers: () => {
        if (fail) throw new AppError('unavailable', 'The service is temporarily unavailable. Please try again.');
        return { customers: [grace], nextCursor: null, total: 1 };
      },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Customers could not load');
    expect(screen.getByRole('alert')).toHaveTextContent('The service is temporarily unavailable. Please try again.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await within(await screen.findByRole('table')).findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });
});

describe('/dashboard/customers search', () => {
  it('searches once the typing settles, and clearing returns to the list', async () => {
    answerFunctions(call, {
      ...base,
      getStoreCustomers: () => ({ customers: [grace, alan], nextCursor: null, total: 2 }),
      searchStoreCustomers: ({ query }: { query: string }) => ({ customers: query === 'ala' ? [alan] : [] }),
    });
    render();
    const user = userEvent.setup();
    await screen.findByRole('table');
    const box = screen.getByRole('searchbox', { name: 'Search customers' });
    await user.type(box, 'ala');
    expect(await screen.findByText('1 match for “ala”')).toBeInTheDocument();
    expect(callsOf(call, 'searchStoreCustomers')).toEqual([{ storeId: 'store_1', query: 'ala' }]);
    expect(within(screen.getByRole('table')).getAllByTestId('customer-row')).toHaveLength(1);

    await user.type(box, 'x');
    expect(await screen.findByText('No customers match “alax”')).toBeInTheDocument();

    await user.clear(box);
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByTestId('customer-row')).toHaveLength(2));
    expect(callsOf(call, 'searchStoreCustomers')).toHaveLength(2);
  });
});

describe('/dashboard/customers add', () => {
  it("checks name and email with the contract's messages before calling the server", async () => {
    answerFunctions(call, { ...base, getStoreCustomers: () => ({ customers: [], nextCursor: null, total: 0 }) });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add customer' });
    await user.type(within(dialog).getByLabelText('Email'), 'not-an-email');
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText("Please enter the customer's name")).toBeInTheDocument();
    expect(within(dialog).queryByText(COMMERCE_MESSAGES.nameRequired)).not.toBeInTheDocument();
    expect(within(dialog).getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(callsOf(call, 'createStoreCustomer')).toEqual([]);
  });

  it("adds a customer, and shows the server's refusal for a duplicate email", async () => {
    let exists = true;
    answerFunctions(call, {
      ...base,
      getStoreCustomers: () => ({ customers: exists ? [] : [grace], nextCursor: null, total: exists ? 0 : 1 }),
      createStoreCustomer: () => {
        if (exists) throw new AppError('already-exists', COMMERCE_MESSAGES.customerExists);
        return grace;
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add customer' }));
    const dialog = screen.getByRole('dialog', { name: 'Add customer' });
    await user.type(within(dialog).getByLabelText('Name'), 'Grace Hopper');
    await user.type(within(dialog).getByLabelText('Email'), 'grace@example.com');
    await user.type(within(dialog).getByLabelText('Tags'), 'vip{Enter}');
    await user.click(within(dialog).getByRole('switch', { name: 'Marketing consent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    expect(await within(dialog).findByText(COMMERCE_MESSAGES.customerExists)).toBeInTheDocument();

    exists = false;
    await user.click(within(dialog).getByRole('button', { name: 'Add customer' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'createStoreCustomer')[1]).toEqual({ storeId: 'store_1', name: 'Grace Hopper', email: 'grace@example.com', notes: '', tags: ['vip'], marketingConsent: true });
    expect(await within(screen.getByRole('table')).findByRole('link', { name: 'Grace Hopper' })).toBeInTheDocument();
  });
});
