import { AppError } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function answer(update: (input: { marketingConsent: boolean }) => unknown, current = false) {
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: TEST_MEMBER }),
    getMyPurchases: () => ({ purchases: [] }),
    getMemberEmailPreferences: () => ({ marketingConsent: current }),
    updateMemberEmailPreferences: update as never,
  });
}

describe('members home › Email preferences', () => {
  it('shows the customer’s choice and turns marketing email on, then off', async () => {
    answer(({ marketingConsent }) => ({ marketingConsent }));
    renderMembers('/cozy-mugs/members');
    const card = await screen.findByRole('region', { name: 'Email preferences' });
    const toggle = await within(card).findByRole('switch', { name: 'News and offers from Cozy Mugs' });
    await waitFor(() => expect(toggle).toBeEnabled());
    expect(toggle).toHaveAttribute('aria-checked', 'false');

    const user = userEvent.setup();
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    expect(within(card).getByRole('status')).toHaveTextContent('Saved: you will get marketing email.');
    await user.click(toggle);
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'false'));
    expect(callsOf(call, 'updateMemberEmailPreferences')).toEqual([
      { storeId: 's1', marketingConsent: true },
      { storeId: 's1', marketingConsent: false },
    ]);
    expect(within(card).getByRole('status')).toHaveTextContent('Saved: no more marketing email.');
  });

  it('keeps the choice and shows the server’s message when saving fails', async () => {
    answer(() => {
      throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
    }, true);
    renderMembers('/cozy-mugs/members');
    const card = await screen.findByRole('region', { name: 'Email preferences' });
    const toggle = await within(card).findByRole('switch', { name: 'News and offers from Cozy Mugs' });
    await waitFor(() => expect(toggle).toHaveAttribute('aria-checked', 'true'));
    await userEvent.setup().click(toggle);
    expect(await within(card).findByRole('alert')).toHaveTextContent('Service temporarily unavailable. Please try again.');
    expect(toggle).toHaveAttribute('aria-checked', 'true');
  });
});
