import { AppError, type MyMembership } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testMyMembership } from '../lib/my-membership-data.ts';
import { MyMembershipsSection, NO_MEMBERSHIPS_TEXT } from './my-memberships-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const otherTiers = [
  { id: 'mtr_2', name: 'Patron', priceCents: 2000, full: false },
  { id: 'mtr_3', name: 'Gold', priceCents: 5000, full: true },
  { id: 'mtr_4', name: 'Annual', priceCents: null, full: false },
];
const render = () => renderForCreator(<MyMembershipsSection storeId="store_1" storeHref="/cozy-mugs" />);
const card = async (name: string) => screen.findByRole('article', { name });

describe('the member’s memberships', { timeout: 20_000 }, () => {
  it('shows the tier, price, next charge, trial end and invoices', async () => {
    answerFunctions(call, { listMyMemberships: () => ({ memberships: [testMyMembership({ status: 'trialing', trialEnd: '2030-02-12T10:00:00.000Z' })] }) });
    render();
    const supporter = await card('Supporter');
    expect(within(supporter).getByText('Trialing')).toBeInTheDocument();
    expect(within(supporter).getByText('$9.00 a month')).toBeInTheDocument();
    expect(within(supporter).getByText('Free trial until Feb 12, 2030')).toBeInTheDocument();
    expect(within(supporter).getByText('Next charge $9.00 on Mar 5, 2030')).toBeInTheDocument();
    await userEvent.setup().click(within(supporter).getByText('Invoices (1)'));
    expect(within(supporter).getByRole('list', { name: 'Invoices' })).toHaveTextContent('Feb 5, 2030 – Mar 5, 2030$9.00 Paid');
    // No other tier to move to, and a tier the creator does not let pause.
    expect(within(supporter).queryByRole('button', { name: 'Change tier' })).not.toBeInTheDocument();
    expect(within(supporter).queryByRole('button', { name: 'Pause membership' })).not.toBeInTheDocument();
  });

  it('says when there are none, and retries after an error', async () => {
    let fail = true;
    answerFunctions(call, {
      listMyMemberships: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy.');
        return { memberships: [] };
      },
    });
    render();
    expect(await screen.findByText('The server is busy.', { exact: false })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(NO_MEMBERSHIPS_TEXT)).toBeInTheDocument();
  });

  it('cancels with a reason, says until when access lasts, then resumes', async () => {
    let membership = testMyMembership();
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [membership] }),
      cancelMyMembership: (input: { reason?: string }) => {
        membership = { ...membership, cancelAtPeriodEnd: true, cancelReason: input.reason ?? null, nextCharge: null, accessUntil: '2030-03-05T10:00:00.000Z' };
        return { membership };
      },
      resumeMyMembership: () => {
        membership = testMyMembership();
        return { membership };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Cancel membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel Supporter?' });
    expect(dialog).toHaveTextContent('You keep access until Mar 5, 2030.');
    await user.type(within(dialog).getByLabelText('Why are you leaving? (optional)'), 'Too busy');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'cancelMyMembership')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1', reason: 'Too busy' }]);
    const supporter = await card('Supporter');
    expect(await within(supporter).findByText('Cancelled: you keep access until Mar 5, 2030.')).toBeInTheDocument();
    expect(within(supporter).queryByText(/Next charge/)).not.toBeInTheDocument();

    await user.click(within(supporter).getByRole('button', { name: 'Resume membership' }));
    expect(await within(supporter).findByText('Next charge $9.00 on Mar 5, 2030')).toBeInTheDocument();
    expect(callsOf(call, 'resumeMyMembership')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1' }]);
  });

  it('locks an ended membership with a way to renew: the membership’s own page', async () => {
    answerFunctions(call, { listMyMemberships: () => ({ memberships: [testMyMembership({ status: 'ended', accessUntil: null, nextCharge: null, productSlug: 'studio-club' })] }) });
    render();
    const supporter = await card('Supporter');
    expect(within(supporter).getByText('Your access has ended.')).toBeInTheDocument();
    expect(within(supporter).getByRole('link', { name: 'Renew from the store' })).toHaveAttribute('href', '/cozy-mugs/p/studio-club');
    expect(within(supporter).queryByRole('button', { name: /Cancel|Update card/ })).not.toBeInTheDocument();
  });

  it('lists the other tiers with their price, a full one shown but not choosable; shows the proration, and only charges on confirm', async () => {
    let membership: MyMembership = testMyMembership({ otherTiers });
    const preview = { tier: { id: 'mtr_2', name: 'Patron' }, interval: 'monthly', priceCents: 2000, currency: 'USD', creditCents: 450, chargeCents: 1000, netCents: 550, currentPeriodEnd: '2030-03-05T10:00:00.000Z', at: '2030-02-20T10:00:00.000Z' };
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [membership] }),
      previewMembershipChange: () => ({ preview }),
      changeMyMembershipTier: () => {
        membership = { ...membership, tier: { id: 'mtr_2', name: 'Patron' }, priceCents: 2000, otherTiers: [{ id: 'mtr_1', name: 'Supporter', priceCents: 900, full: false }] };
        return { membership, preview };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Change tier' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change tier' });
    expect(within(dialog).getByRole('button', { name: 'Confirm' })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Patron/ })).toHaveAccessibleDescription('$20.00 a month');
    expect(within(dialog).getByRole('radio', { name: /Gold/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Gold/ })).toHaveAccessibleDescription('Full');
    expect(within(dialog).getByRole('radio', { name: /Annual/ })).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: /Annual/ })).toHaveAccessibleDescription('Not offered monthly');
    await user.click(within(dialog).getByRole('radio', { name: /Patron/ }));
    expect(await within(dialog).findByText('Charged now')).toBeInTheDocument();
    expect(dialog).toHaveTextContent('Credit for the unused time−$4.50');
    expect(dialog).toHaveTextContent('Patron until Mar 5, 2030$10.00');
    expect(dialog).toHaveTextContent('Then $20.00 a month from Mar 5, 2030.');
    expect(callsOf(call, 'changeMyMembershipTier')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Confirm and pay $5.50' }));
    expect(await card('Patron')).toBeInTheDocument();
    expect(callsOf(call, 'changeMyMembershipTier')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1', tierId: 'mtr_2' }]);
  });

  it('pauses after a confirmation, says it is paused, and resumes', async () => {
    let membership: MyMembership = testMyMembership({ pausable: true });
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [membership] }),
      pauseMyMembership: () => {
        membership = { ...membership, status: 'paused', pausedAt: '2030-02-20T10:00:00.000Z', accessUntil: null, nextCharge: null };
        return { membership };
      },
      unpauseMyMembership: () => {
        membership = testMyMembership({ pausable: true, currentPeriodEnd: '2030-03-20T10:00:00.000Z', nextCharge: { at: '2030-03-20T10:00:00.000Z', amountCents: 900 } });
        return { membership };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause Supporter?' });
    expect(dialog).toHaveTextContent('Nothing is charged while it is paused');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'pauseMyMembership')).toEqual([]);

    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Pause membership' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'pauseMyMembership')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1' }]);
    const paused = await card('Supporter');
    expect(await within(paused).findByText('Paused since Feb 20, 2030.')).toBeInTheDocument();
    expect(within(paused).queryByText('Your access has ended.')).not.toBeInTheDocument();
    expect(within(paused).queryByRole('button', { name: /Cancel membership|Change tier|Pause membership/ })).not.toBeInTheDocument();

    await user.click(within(paused).getByRole('button', { name: 'Resume membership' }));
    expect(await within(await card('Supporter')).findByText('Next charge $9.00 on Mar 20, 2030')).toBeInTheDocument();
    expect(callsOf(call, 'unpauseMyMembership')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1' }]);
  });

  it('updates the card, showing a refused card next to its field', async () => {
    let tries = 0;
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [testMyMembership({ status: 'past_due' })] }),
      replaceMyMembershipCard: () => (++tries === 1 ? { kind: 'refused', message: 'This card was declined.', field: 'cardNumber' } : { kind: 'replaced' }),
    });
    render();
    const user = userEvent.setup();
    const supporter = await card('Supporter');
    expect(within(supporter).getByText(/Your last payment failed/)).toBeInTheDocument();
    await user.click(within(supporter).getByRole('button', { name: 'Update card' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update your card' });
    await user.type(within(dialog).getByLabelText('Card number'), '4000 0000 0000 0002');
    await user.type(within(dialog).getByLabelText('Expiry (MM/YY)'), '12/40');
    await user.type(within(dialog).getByLabelText('CVC'), '123');
    await user.type(within(dialog).getByLabelText('Name on card'), 'Ana Member');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    expect(await within(dialog).findByText('This card was declined.')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Card number')).toHaveAttribute('aria-invalid', 'true');
    await user.clear(within(dialog).getByLabelText('Card number'));
    await user.type(within(dialog).getByLabelText('Card number'), '4242 4242 4242 4242');
    await user.click(within(dialog).getByRole('button', { name: 'Save card' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'replaceMyMembershipCard').at(-1)).toEqual({ storeId: 'store_1', membershipId: 'mbr_1', card: { cardNumber: '4242 4242 4242 4242', expiry: '12/40', cvc: '123', cardName: 'Ana Member' } });
  });
});
