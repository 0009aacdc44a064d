import { AppError, type Member } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { testMember } from '../lib/member-data.ts';
import { EMPTY_MEMBERS_TEXT, MembersScreen } from './members-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const tiers = { tiers: [{ id: 'mtr_1', name: 'Supporter', archivedAt: null }, { id: 'mtr_2', name: 'Patron', archivedAt: null }], currency: 'USD' };
const page = (members: Member[], total = members.length, pageNumber = 1) => ({ members, total, page: pageNumber, pageSize: 50, currency: 'USD' });
const render = () => renderForCreator(<MembersScreen storeId="store_1" productId="prd_club" />);

describe('the members of a membership', { timeout: 20_000 }, () => {
  it('lists members with tier, status, since, period end, last charge, lifetime value and next charge', async () => {
    const bo = testMember({ id: 'mbr_2', customer: { id: 'cus_2', email: 'bo@example.com', name: '' }, tier: { id: 'mtr_2', name: 'Patron' }, status: 'trialing', cancelAtPeriodEnd: true, periodEnd: '2030-02-12T10:00:00.000Z', nextCharge: null, lastCharge: null, lifetimeValueCents: 0 });
    const cy = testMember({ id: 'mbr_3', customer: { id: 'cus_3', email: 'cy@example.com', name: '' }, status: 'paused', pausedAt: '2030-02-20T10:00:00.000Z', nextCharge: null, lastCharge: { at: '2030-02-05T10:00:00.000Z', amountCents: 900, refunded: true } });
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([testMember(), bo, cy]),
    });
    render();
    const table = await screen.findByRole('table', { name: /Members/ });
    const ana = within(table).getByRole('row', { name: /Ana/ });
    expect(within(ana).getByText('ana@example.com')).toBeInTheDocument();
    expect(within(ana).getByText('Supporter')).toBeInTheDocument();
    expect(within(ana).getByText('$9.00/month')).toBeInTheDocument();
    expect(within(ana).getByText('Active')).toBeInTheDocument();
    expect(within(ana).getByText('since Jan 5, 2030')).toBeInTheDocument();
    expect(within(ana).getByText('$18.00')).toBeInTheDocument();
    // Period end and next charge.
    expect(within(ana).getAllByText('Mar 5, 2030')).toHaveLength(2);
    // The last charge (and its day) and the next charge.
    expect(within(ana).getAllByText('$9.00')).toHaveLength(2);
    expect(within(ana).getByText('Feb 5, 2030')).toBeInTheDocument();
    const boRow = within(table).getByRole('row', { name: /bo@example.com/ });
    expect(within(boRow).getByText('Trialing')).toBeInTheDocument();
    expect(within(boRow).getByText('cancels Feb 12')).toBeInTheDocument();
    expect(within(boRow).getAllByText('None')).toHaveLength(2);
    // Nothing paid, nothing to refund.
    expect(within(boRow).queryByRole('button', { name: /Refund/ })).not.toBeInTheDocument();
    const cyRow = within(table).getByRole('row', { name: /cy@example.com/ });
    expect(within(cyRow).getByText('Paused')).toBeInTheDocument();
    expect(within(cyRow).getByText('since Feb 20')).toBeInTheDocument();
    expect(within(cyRow).getByText('—')).toBeInTheDocument();
    expect(within(cyRow).getByText('Refunded')).toBeInTheDocument();
    expect(screen.getByText('3 members')).toBeInTheDocument();
  });

  it('says how to get members when there are none, and retries after an error', async () => {
    let fail = true;
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy.');
        return page([]);
      },
    });
    render();
    expect(await screen.findByText('The server is busy.', { exact: false })).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(EMPTY_MEMBERS_TEXT)).toBeInTheDocument();
  });

  it('filters by tier and status, searches by email, and pages', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: (input: { page: number }) => page([testMember({ id: `mbr_${input.page}`, customer: { id: 'c', email: `p${input.page}@example.com`, name: '' } })], 120, input.page),
    });
    render();
    const user = userEvent.setup();
    await screen.findByText('p1@example.com');
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('p2@example.com')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Tier'), 'Patron');
    await user.selectOptions(screen.getByLabelText('Status'), 'Past due');
    await user.type(screen.getByLabelText('Search by email'), 'ana');
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toEqual({ storeId: 'store_1', productId: 'prd_club', tierId: 'mtr_2', status: 'past_due', search: 'ana', page: 1 }));
  });

  it('sorts on the server by member, period end and lifetime value, back to page 1, and a third click returns to newest first', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: (input: { page: number }) => page([testMember({ id: `mbr_${input.page}` })], 120, input.page),
    });
    render();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: /Members/ });
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toMatchObject({ page: 2 }));
    const member = within(table).getByRole('columnheader', { name: /Member/ });
    expect(member).toHaveAttribute('aria-sort', 'none');
    // Only the columns the server sorts by are buttons.
    expect(within(within(table).getByRole('columnheader', { name: 'Tier' })).queryByRole('button')).not.toBeInTheDocument();

    await user.click(within(member).getByRole('button', { name: /Member/ }));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toEqual({ storeId: 'store_1', productId: 'prd_club', sort: 'member', direction: 'asc', page: 1 }));
    expect(member).toHaveAttribute('aria-sort', 'ascending');
    await user.click(within(member).getByRole('button', { name: /Member/ }));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toMatchObject({ sort: 'member', direction: 'desc' }));
    expect(member).toHaveAttribute('aria-sort', 'descending');
    await user.click(within(member).getByRole('button', { name: /Member/ }));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toEqual({ storeId: 'store_1', productId: 'prd_club', page: 1 }));
    expect(member).toHaveAttribute('aria-sort', 'none');

    // Money sorts the largest first.
    const value = within(table).getByRole('columnheader', { name: /Lifetime/ });
    await user.click(within(value).getByRole('button'));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toMatchObject({ sort: 'lifetimeValue', direction: 'desc' }));
    await user.click(within(within(table).getByRole('columnheader', { name: /Period end/ })).getByRole('button'));
    await waitFor(() => expect(callsOf(call, 'listMembers').at(-1)).toMatchObject({ sort: 'periodEnd', direction: 'asc' }));
    expect(value).toHaveAttribute('aria-sort', 'none');
  });

  it('exports the filtered members and says when the export was cut off', async () => {
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:members';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([testMember()]),
      exportMembersCsv: () => ({ filename: 'members.csv', csv: 'email\nana@example.com\n', rows: 10_000, truncated: true }),
    });
    render();
    const user = userEvent.setup();
    await screen.findByText('ana@example.com');
    await user.selectOptions(screen.getByLabelText('Status'), 'Active');
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await screen.findByText(/The export stopped at 10,000 members: more members match/)).toBeInTheDocument();
    expect(callsOf(call, 'exportMembersCsv')).toEqual([{ storeId: 'store_1', productId: 'prd_club', status: 'active' }]);
    expect(click).toHaveBeenCalledTimes(1);
    expect(await created[0]!.text()).toBe('email\nana@example.com\n');
    click.mockRestore();
  });

  it('cancels a member at period end after a confirmation, and shows the refreshed row', async () => {
    let member = testMember();
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([member]),
      cancelMember: () => {
        member = { ...member, cancelAtPeriodEnd: true, nextCharge: null };
        return member;
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel ana@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancel ana@example.com’s membership?' });
    expect(within(dialog).getByLabelText(/At the end of the period/)).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'cancelMember')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1', when: 'period_end' }]);
    expect(await screen.findByText('cancels Mar 5')).toBeInTheDocument();
  });

  it('cancels now, and keeps the dialog open with the server’s refusal', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([testMember()]),
      cancelMember: () => {
        throw new AppError('failed-precondition', 'This membership has ended.');
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel ana@example.com' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(within(dialog).getByLabelText(/Now/));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel membership' }));
    expect(await within(dialog).findByText('This membership has ended.')).toBeInTheDocument();
    expect(callsOf(call, 'cancelMember')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1', when: 'now' }]);
  });

  it('refunds the last payment after a confirmation and says how much', async () => {
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([testMember()]),
      refundMemberLastPayment: () => ({ member: testMember(), refund: { invoiceId: 'min_1', amountCents: 900, currency: 'USD' } }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Refund last payment of ana@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Refund ana@example.com’s last payment?' });
    expect(dialog).toHaveTextContent('they pay $9.00/month');
    await user.click(within(dialog).getByRole('button', { name: 'Refund last payment' }));
    expect(await screen.findByText('Refunded $9.00 to ana@example.com.')).toBeInTheDocument();
    expect(callsOf(call, 'refundMemberLastPayment')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1' }]);
  });

  it('a Stripe member: cancel and refund are sent to Stripe, and the toasts say they land when Stripe confirms', async () => {
    const member = testMember({ provider: 'stripe', subscriptionId: 'sub_1' });
    answerFunctions(call, {
      listMembershipTiers: () => tiers,
      listMembers: () => page([member]),
      cancelMember: () => member,
      refundMemberLastPayment: () => ({ member, refund: { invoiceId: 'min_1', amountCents: 900, currency: 'USD' } }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Cancel ana@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByLabelText(/Now/));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel membership' }));
    expect(await screen.findByText('Sent to Stripe: ana@example.com’s membership ends as soon as Stripe confirms.')).toBeInTheDocument();
    expect(callsOf(call, 'cancelMember')).toEqual([{ storeId: 'store_1', membershipId: 'mbr_1', when: 'now' }]);

    await user.click(screen.getByRole('button', { name: 'Refund last payment of ana@example.com' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Refund last payment' }));
    expect(await screen.findByText('Refund of $9.00 to ana@example.com sent to Stripe: it shows here as soon as Stripe confirms.')).toBeInTheDocument();
  });
});
