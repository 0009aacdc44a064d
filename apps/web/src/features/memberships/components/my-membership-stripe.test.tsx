import { AppError, type MyMembership } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testMyMembership } from '../lib/my-membership-data.ts';
import { MyMembershipsSection, portalBrowser } from './my-memberships-section.tsx';
import { WAITING_TEXT } from './pending-request-notice.tsx';

const call = fakeFunctions();
afterEach(() => vi.restoreAllMocks());

const render = () => renderForCreator(<MyMembershipsSection storeId="store_1" storeHref="/cozy-mugs" pollMs={20} />);
const card = async () => screen.findByRole('article', { name: 'Supporter' });
const stripeMember = (overrides: Partial<MyMembership> = {}) => testMyMembership({ provider: 'stripe', ...overrides });

describe('a Stripe member’s membership', { timeout: 20_000 }, () => {
  it('after cancelling, waits for Stripe to confirm, then shows the cancellation once the webhook has landed', async () => {
    let membership = stripeMember();
    let listed = 0;
    answerFunctions(call, {
      listMyMemberships: () => {
        listed++;
        return { memberships: [membership] };
      },
      // Stripe is asked: the state is still the old one, with the request waiting.
      cancelMyMembership: () => {
        membership = { ...membership, pendingRequest: { type: 'cancel', requestedAt: '2030-02-10T10:00:00.000Z' } };
        return { membership };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card()).getByRole('button', { name: 'Cancel membership' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel membership' }));

    const supporter = await card();
    expect(await within(supporter).findByText(WAITING_TEXT.cancel)).toBeInTheDocument();
    expect(within(supporter).getByText('Next charge $9.00 on Mar 5, 2030')).toBeInTheDocument();
    // No other change while one waits; billing stays open.
    expect(within(supporter).queryByRole('button', { name: 'Cancel membership' })).not.toBeInTheDocument();
    expect(within(supporter).getByRole('button', { name: 'Manage billing' })).toBeEnabled();

    // It keeps asking while the request waits; the webhook lands between two asks.
    const before = listed;
    await waitFor(() => expect(listed).toBeGreaterThan(before + 1));
    membership = { ...membership, pendingRequest: null, cancelAtPeriodEnd: true, nextCharge: null, accessUntil: '2030-03-05T10:00:00.000Z' };
    expect(await within(supporter).findByText('Cancelled: you keep access until Mar 5, 2030.')).toBeInTheDocument();
    expect(within(supporter).queryByText(WAITING_TEXT.cancel)).not.toBeInTheDocument();
    expect(within(supporter).getByRole('button', { name: 'Resume membership' })).toBeInTheDocument();
  });

  it('"Manage billing" opens Stripe’s customer portal at the URL the server answers', async () => {
    const assign = vi.spyOn(portalBrowser, 'assign').mockImplementation(() => {});
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [stripeMember()] }),
      openMembershipBillingPortal: () => ({ url: 'https://billing.stripe.test/p/session_1' }),
    });
    render();
    const supporter = await card();
    expect(within(supporter).queryByRole('button', { name: 'Update card' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(supporter).getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://billing.stripe.test/p/session_1'));
    expect(callsOf(call, 'openMembershipBillingPortal')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1' }]);
    expect(within(supporter).getByRole('button', { name: 'Opening Stripe…' })).toBeDisabled();
  });

  it('shows the server’s refusal when the portal cannot open, and a test-provider member keeps "Update card"', async () => {
    const assign = vi.spyOn(portalBrowser, 'assign').mockImplementation(() => {});
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [stripeMember(), testMyMembership({ id: 'mbr_2', tier: { id: 'mtr_9', name: 'Test tier' } })] }),
      openMembershipBillingPortal: () => {
        throw new AppError('unavailable', 'This membership is still being set up with Stripe. Please try again in a minute.');
      },
    });
    render();
    await userEvent.setup().click(within(await card()).getByRole('button', { name: 'Manage billing' }));
    expect(await screen.findByText('This membership is still being set up with Stripe. Please try again in a minute.')).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    const testTier = screen.getByRole('article', { name: 'Test tier' });
    expect(within(testTier).getByRole('button', { name: 'Update card' })).toBeInTheDocument();
    expect(within(testTier).queryByRole('button', { name: 'Manage billing' })).not.toBeInTheDocument();
  });
});
