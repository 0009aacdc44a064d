import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderCustomers, testCustomer, testOrder } from '../customer-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

type Update = { notes?: string; tags?: string[]; marketingConsent?: boolean };

function answer(customer = testCustomer({ notes: 'Met at the fair', tags: ['vip'] }), update?: (input: Update) => unknown) {
  let current = customer;
  answerFunctions(call, {
    listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
    getPaymentSettings: () => ({ provider: 'test', currency: 'EUR', testMode: { enabled: true }, stripe: { configured: false, accountId: null, connectedAt: null, platformFeePercent: 0 } }),
    getStoreCustomers: () => ({ customers: [current], nextCursor: null, total: 1 }),
    getStoreCustomer: ({ customerId }: { customerId: string }) => {
      if (customerId !== current.id) throw new AppError('not-found', COMMERCE_MESSAGES.customerNotFound);
      return {
        customer: current,
        orders: [testOrder(), testOrder({ id: 'ord_2', status: 'refunded', amountCents: 500, downloadCount: 1, product: { id: 'p2', title: 'Mug template', type: 'digital' } })],
      };
    },
    updateStoreCustomer: (input: Update) => {
      if (update) return update(input);
      current = { ...current, ...input };
      return current;
    },
  });
}

const openDetail = (id = 'cus_1') => renderCustomers(`?customer=${id}`);

describe('customer detail', () => {
  it('opens from the list and shows contact, lifetime value and orders', async () => {
    answer();
    renderCustomers();
    const user = userEvent.setup();
    await user.click(within(await screen.findByRole('table')).getByRole('link', { name: 'Grace Hopper' }));
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'grace@example.com' })).toHaveAttribute('href', 'mailto:grace@example.com');
    expect(within(screen.getByRole('region', { name: 'Grace Hopper' })).getByText('Lifetime value').nextSibling).toHaveTextContent('€1,234.50');
    const orders = screen.getAllByTestId('customer-order');
    expect(orders[0]).toHaveTextContent('Glaze recipes');
    expect(orders[0]).toHaveTextContent('€19.00');
    expect(orders[0]).toHaveTextContent('Paid');
    expect(orders[0]).toHaveTextContent('3 downloads');
    expect(orders[1]).toHaveTextContent('Refunded');
    expect(orders[1]).toHaveTextContent('1 download');

    await user.click(screen.getByRole('link', { name: /all customers/i }));
    expect(screen.queryByRole('heading', { name: 'Grace Hopper' })).not.toBeInTheDocument();
    expect(screen.getByRole('table')).toBeVisible();
  });

  it("shows the contact's time zone when their browser told it", async () => {
    answer(testCustomer({ timeZone: 'Asia/Tokyo' }));
    openDetail();
    expect(await screen.findByText('Time zone: Asia/Tokyo')).toBeInTheDocument();
  });

  it('shows no time zone line for a contact whose zone is unknown', async () => {
    answer(testCustomer({ timeZone: null }));
    openDetail();
    expect(await screen.findByRole('heading', { name: 'Grace Hopper' })).toBeInTheDocument();
    expect(screen.queryByText(/Time zone:/)).not.toBeInTheDocument();
  });

  it('says when the customer is not found (another store’s customer answers the same)', async () => {
    answer();
    openDetail('cus_other');
    expect(await screen.findByRole('alert')).toHaveTextContent(COMMERCE_MESSAGES.customerNotFound);
  });

  it('saves notes, tags and consent together and says Saved', async () => {
    answer();
    openDetail();
    const user = userEvent.setup();
    const notes = await screen.findByLabelText('Notes');
    expect(notes).toHaveValue('Met at the fair');
    await user.clear(notes);
    await user.type(notes, 'Prefers PDFs');
    await user.click(screen.getByRole('button', { name: 'Remove tag vip' }));
    await user.type(screen.getByRole('textbox', { name: 'Tags' }), 'wholesale');
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.click(screen.getByRole('switch', { name: 'Marketing consent' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(callsOf(call, 'updateStoreCustomer')).toEqual([
      { storeId: 'store_1', customerId: 'cus_1', notes: 'Prefers PDFs', tags: ['wholesale'], marketingConsent: true },
    ]);
    expect(screen.getByRole('switch', { name: 'Marketing consent' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  });

  it('locks consent off for a customer who unsubscribed and says only they can opt back in', async () => {
    answer(testCustomer({ unsubscribedAt: '2030-01-02T10:00:00.000Z' }));
    openDetail();
    const consent = await screen.findByRole('switch', { name: 'Marketing consent' });
    expect(consent).toHaveAttribute('aria-checked', 'false');
    expect(consent).toBeDisabled();
    expect(consent).toHaveAccessibleDescription(/Only they can opt back in/);
  });

  it("keeps the edits and shows the server's message when saving fails", async () => {
    answer(undefined, () => {
      throw new AppError('invalid-argument', COMMERCE_MESSAGES.notesTooLong);
    });
    openDetail();
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Notes'), '!');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(COMMERCE_MESSAGES.notesTooLong)).toBeInTheDocument();
    expect(screen.getByLabelText('Notes')).toHaveValue('Met at the fair!');
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
  });

  it('takes a 40-character tag and refuses a 41-character one', async () => {
    answer();
    openDetail();
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Tags' });
    await user.type(input, `${'a'.repeat(41)}{Enter}`);
    expect(screen.getByText(COMMERCE_MESSAGES.tagTooLong)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: `Remove tag ${'a'.repeat(41)}` })).not.toBeInTheDocument();
    await user.clear(input);
    await user.type(input, `${'a'.repeat(40)}{Enter}`);
    expect(screen.getByRole('button', { name: `Remove tag ${'a'.repeat(40)}` })).toBeInTheDocument();
    expect(screen.queryByText(COMMERCE_MESSAGES.tagTooLong)).not.toBeInTheDocument();
  });

  it('takes a 20th tag and refuses a 21st', async () => {
    answer(testCustomer({ tags: Array.from({ length: 19 }, (_, i) => `t${i}`) }));
    openDetail();
    const user = userEvent.setup();
    const input = await screen.findByRole('textbox', { name: 'Tags' });
    await user.type(input, 'twenty{Enter}');
    expect(screen.getByRole('button', { name: 'Remove tag twenty' })).toBeInTheDocument();
    await user.type(input, 'twenty-one{Enter}');
    expect(screen.getByText(COMMERCE_MESSAGES.tooManyTags)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove tag twenty-one' })).not.toBeInTheDocument();
  });
});
