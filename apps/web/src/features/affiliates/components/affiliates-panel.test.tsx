import { AFFILIATE_MESSAGES, AppError } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { testAffiliate, testProgram } from '../affiliate-fixtures.ts';
import { AffiliatesPanel } from './affiliates-panel.tsx';
import { EMPTY_AFFILIATES_TEXT } from './program-summary.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const base = {
  listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
  getAffiliateProgram: () => testProgram(),
};
const grace = testAffiliate();
const pending = testAffiliate({ id: 'aff_2', name: 'Alan Turing', email: 'alan@example.com', code: 'ALAN2345', status: 'pending', payableCents: 0, owedCents: 0, paidCents: 0 });
const paused = testAffiliate({ id: 'aff_3', name: '', email: 'kay@example.com', code: 'KAYKAY22', status: 'paused', payableCents: 0 });

const render = () => renderForCreator(<AffiliatesPanel />, { path: '/dashboard/affiliates' });
const rowOf = async (name: string) => (await screen.findByRole('rowheader', { name: new RegExp(name) })).closest('tr')!;

describe('the affiliates table', () => {
  it('shows each affiliate’s code, status in words, numbers and money in the store currency', async () => {
    answerFunctions(call, { ...base, listAffiliates: () => ({ affiliates: [grace, pending, paused], invites: [] }) });
    render();
    const table = await screen.findByRole('table', { name: 'Affiliates, with their visits, sales and commission' });
    const headers = within(table).getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers).toEqual(['Affiliate', 'Status', 'Referred', 'Revenue', 'Commission', 'Actions']);
    const row = await rowOf('Grace Hopper');
    expect(within(row).getByRole('rowheader')).toHaveTextContent('Grace Hoppergrace@example.comGRACE234');
    expect(within(row).getAllByRole('cell').map((cell) => cell.textContent)).toEqual([
      'Active',
      '1,200 visits14 signups9 sales',
      '$112.50',
      '$22.50 owed$12.50 payable now$5.00 paid',
      'PauseMark paidRemove',
    ]);
    expect(await rowOf('Alan Turing')).toHaveTextContent('Awaiting approval');
    expect(within(await rowOf('Alan Turing')).getByRole('button', { name: 'Approve Alan Turing' })).toBeInTheDocument();
    expect(within(await rowOf('Alan Turing')).queryByRole('button', { name: /Mark paid/ })).not.toBeInTheDocument();
    const kay = await rowOf('kay@example.com');
    expect(kay).toHaveTextContent('Paused');
    expect(within(kay).getByRole('button', { name: 'Resume kay@example.com' })).toBeInTheDocument();
  });

  it('says there is nobody yet, where people join, and how to turn the program on', async () => {
    answerFunctions(call, { ...base, getAffiliateProgram: () => testProgram({ enabled: false }), listAffiliates: () => ({ affiliates: [], invites: [] }) });
    render();
    expect(await screen.findByRole('heading', { name: EMPTY_AFFILIATES_TEXT })).toBeInTheDocument();
    expect(screen.getByText('http://shopfront.test/cozy-mugs/members/affiliate')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Turn the program on' })).toHaveAttribute('href', '/dashboard/affiliates?tab=settings');
    expect(screen.getByText('The program is off')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot load, and tries again', async () => {
    let fail = true;
    answerFunctions(call, {
      ...base,
      listAffiliates: () => {
        if (fail) throw new AppError('unavailable', 'The server is not answering.');
        return { affiliates: [grace], invites: [] };
      },
    });
    render();
    expect(await screen.findByRole('alert')).toHaveTextContent('Affiliates could not loadThe server is not answering.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('Grace Hopper')).toBeInTheDocument();
  });
});

describe('row actions', () => {
  it('approves a pending affiliate at once', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [pending], invites: [] }),
      updateAffiliateStatus: () => ({ affiliate: { ...pending, status: 'active' } }),
    });
    render();
    await userEvent.setup().click(within(await rowOf('Alan Turing')).getByRole('button', { name: 'Approve Alan Turing' }));
    await waitFor(() => expect(callsOf(call, 'updateAffiliateStatus')).toEqual([{ storeId: 'store_1', affiliateId: 'aff_2', action: 'approve' }]));
    expect(await screen.findByText('Alan Turing is approved and can share their links.')).toBeInTheDocument();
    expect(callsOf(call, 'listAffiliates').length).toBeGreaterThan(1);
  });

  it('removes only after the confirmation, and Cancel removes nothing', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [grace], invites: [] }),
      updateAffiliateStatus: () => ({ affiliate: { ...grace, status: 'removed' } }),
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Remove Grace Hopper?' });
    expect(dialog).toHaveTextContent('Their code stops counting for good.');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'updateAffiliateStatus')).toEqual([]);

    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Remove Grace Hopper' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Remove Grace Hopper?' });
    expect(callsOf(call, 'updateAffiliateStatus')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Remove affiliate' }));
    await waitFor(() => expect(callsOf(call, 'updateAffiliateStatus')).toEqual([{ storeId: 'store_1', affiliateId: 'aff_1', action: 'remove' }]));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(await screen.findByText('Grace Hopper was removed.')).toBeInTheDocument();
  });

  it('asks before pausing, and keeps the dialog open with the server’s refusal', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [grace], invites: [] }),
      updateAffiliateStatus: () => {
        throw new AppError('failed-precondition', AFFILIATE_MESSAGES.actionNotAllowed);
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Pause Grace Hopper' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause Grace Hopper?' });
    expect(callsOf(call, 'updateAffiliateStatus')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Pause affiliate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.actionNotAllowed);
    expect(callsOf(call, 'updateAffiliateStatus')).toEqual([{ storeId: 'store_1', affiliateId: 'aff_1', action: 'pause' }]);
  });
});

describe('Mark paid', () => {
  it('confirms the amount and the person, then calls payAffiliate with the affiliate’s id and the note', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [grace, pending], invites: [] }),
      payAffiliate: () => ({ payouts: [] }),
      listAffiliateCommissions: () => ({ commissions: [] }),
      listAffiliatePayouts: () => ({ payouts: [] }),
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Mark paid: Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $12.50 as paid to Grace Hopper?' });
    expect(callsOf(call, 'payAffiliate')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Note (optional)'), '  PayPal 7781 ');
    await user.click(within(dialog).getByRole('button', { name: 'Mark $12.50 paid' }));
    await waitFor(() => expect(callsOf(call, 'payAffiliate')).toEqual([{ storeId: 'store_1', affiliateId: 'aff_1', note: 'PayPal 7781' }]));
    expect(await screen.findByText('Marked $12.50 as paid to Grace Hopper.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('sends no note when none is written, refuses a 201-character note, and shows the server’s refusal', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [grace], invites: [] }),
      payAffiliate: () => {
        throw new AppError('failed-precondition', AFFILIATE_MESSAGES.nothingPayable);
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await rowOf('Grace Hopper')).getByRole('button', { name: 'Mark paid: Grace Hopper' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark $12.50 as paid to Grace Hopper?' });
    const note = within(dialog).getByLabelText('Note (optional)');
    await user.click(note);
    await user.paste('n'.repeat(201));
    await user.click(within(dialog).getByRole('button', { name: 'Mark $12.50 paid' }));
    expect(await within(dialog).findByText(AFFILIATE_MESSAGES.payoutNote)).toBeInTheDocument();
    expect(callsOf(call, 'payAffiliate')).toEqual([]);

    await user.clear(note);
    await user.click(within(dialog).getByRole('button', { name: 'Mark $12.50 paid' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.nothingPayable);
    expect(callsOf(call, 'payAffiliate')).toEqual([{ storeId: 'store_1', affiliateId: 'aff_1' }]);
  });
});

describe('invitations', () => {
  it('refuses a bad address, sends a good one, and lists the invites not yet taken up', async () => {
    const invites = [
      { id: 'afi_1', email: 'linus@example.com', createdAt: '2026-11-02T10:00:00.000Z', acceptedAt: null, declinedAt: null },
      { id: 'afi_2', email: 'joined@example.com', createdAt: '2026-11-01T10:00:00.000Z', acceptedAt: '2026-11-03T10:00:00.000Z', declinedAt: null },
      { id: 'afi_4', email: 'no-thanks@example.com', createdAt: '2026-11-01T09:00:00.000Z', acceptedAt: null, declinedAt: '2026-11-04T10:00:00.000Z' },
    ];
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [grace], invites }),
      inviteAffiliate: ({ email }: { email: string }) => ({ invite: { id: 'afi_3', email, createdAt: '2026-11-05T10:00:00.000Z', acceptedAt: null, declinedAt: null } }),
    });
    render();
    const list = await screen.findByRole('list', { name: 'Pending invites' });
    expect(within(list).getAllByRole('listitem').map((item) => item.textContent?.split('Invited')[0])).toEqual(['linus@example.com']);
    // Who refused further invitations is listed apart, never as waiting.
    const declined = screen.getByRole('list', { name: 'Declined invites' });
    expect(within(declined).getAllByRole('listitem').map((item) => item.textContent?.split('Declined')[0])).toEqual(['no-thanks@example.com']);

    const form = screen.getByRole('form', { name: 'Invite an affiliate' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email address'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await within(form).findByText(/Please enter a valid email address/)).toBeInTheDocument();
    expect(callsOf(call, 'inviteAffiliate')).toEqual([]);

    await user.clear(within(form).getByLabelText('Email address'));
    await user.type(within(form).getByLabelText('Email address'), 'Ada@Example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByText('Invitation sent to ada@example.com.')).toBeInTheDocument();
    expect(callsOf(call, 'inviteAffiliate')).toEqual([{ storeId: 'store_1', email: 'ada@example.com' }]);
    expect(within(form).getByLabelText('Email address')).toHaveValue('');
  });

  it('shows the server’s refusal of an address that declined the store’s invitations', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [], invites: [] }),
      inviteAffiliate: () => {
        throw new AppError('failed-precondition', AFFILIATE_MESSAGES.inviteDeclined);
      },
    });
    render();
    expect(screen.queryByRole('list', { name: 'Declined invites' })).not.toBeInTheDocument();
    const form = await screen.findByRole('form', { name: 'Invite an affiliate' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email address'), 'no-thanks@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.inviteDeclined);
  });

  it('shows the server’s refusal of an address already invited', async () => {
    answerFunctions(call, {
      ...base,
      listAffiliates: () => ({ affiliates: [], invites: [] }),
      inviteAffiliate: () => {
        throw new AppError('already-exists', AFFILIATE_MESSAGES.alreadyInvited);
      },
    });
    render();
    const form = await screen.findByRole('form', { name: 'Invite an affiliate' });
    const user = userEvent.setup();
    await user.type(within(form).getByLabelText('Email address'), 'linus@example.com');
    await user.click(within(form).getByRole('button', { name: 'Send invite' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(AFFILIATE_MESSAGES.alreadyInvited);
    expect(within(form).getByLabelText('Email address')).toHaveValue('linus@example.com');
  });
});
