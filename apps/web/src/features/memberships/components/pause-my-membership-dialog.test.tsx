import { AppError, type MyMembership } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { dayInZone } from '../lib/member-format.ts';
import { testMyMembership } from '../lib/my-membership-data.ts';
import { MyMembershipsSection } from './my-memberships-section.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const render = () => renderForCreator(<MyMembershipsSection storeId="store_1" storeHref="/cozy-mugs" />);
const card = async (name: string) => screen.findByRole('article', { name });

describe('pausing until a date in the members area', { timeout: 20_000 }, () => {
  it('asks for the date when “Until a date” is chosen, shows the server’s refusal, and then the date on the card', async () => {
    let membership: MyMembership = testMyMembership({ pausable: true });
    let tries = 0;
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [membership] }),
      pauseMyMembership: () => {
        if (++tries === 1) throw new AppError('invalid-argument', 'Pick a resume date at most 90 days from today.');
        membership = { ...membership, status: 'paused', pausedAt: '2030-02-20T10:00:00.000Z', pausedUntil: '2030-03-01T12:00:00.000Z', accessUntil: null, nextCharge: null };
        return { membership };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause Supporter?' });
    expect(within(dialog).getByRole('radio', { name: 'Until I resume it' })).toBeChecked();
    expect(within(dialog).queryByLabelText('Resume on')).not.toBeInTheDocument();

    // Keyboard only: to "Until a date", then the confirm button without a date.
    within(dialog).getByRole('radio', { name: 'Until I resume it' }).focus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: 'Until a date' })).toBeChecked();
    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await within(dialog).findByText('Pick a resume date.')).toBeInTheDocument();
    expect(callsOf(call, 'pauseMyMembership')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Resume on'), '2030-07-01');
    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await within(dialog).findByText('Pick a resume date at most 90 days from today.')).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Resume on'));
    await user.type(within(dialog).getByLabelText('Resume on'), '2030-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'pauseMyMembership')).toEqual([
      { storeId: 'store_1', membershipId: 'mbr_1', resumeOn: '2030-07-01' },
      { storeId: 'store_1', membershipId: 'mbr_1', resumeOn: '2030-03-01' },
    ]);
    expect(await within(await card('Supporter')).findByText('Paused since Feb 20, 2030, until Mar 1, 2030.')).toBeInTheDocument();
  });

  it('on a tier with its own longest pause, asks for a date within it in the store’s zone, and shows the server’s refusal', async () => {
    const timeZone = 'Pacific/Kiritimati';
    let membership: MyMembership = testMyMembership({ pausable: true, maxPauseDays: 14, timeZone });
    let tries = 0;
    answerFunctions(call, {
      listMyMemberships: () => ({ memberships: [membership] }),
      pauseMyMembership: () => {
        if (++tries === 1) throw new AppError('invalid-argument', 'This tier allows a pause of at most 14 days: pick a resume date at most 14 days from today.');
        // The start of Mar 1 in the store's zone (UTC+14) is still Feb 28 in UTC and in every zone west of it.
        membership = { ...membership, status: 'paused', pausedAt: '2030-02-20T10:00:00.000Z', pausedUntil: '2030-02-28T10:00:00.000Z', accessUntil: null, nextCharge: null };
        return { membership };
      },
    });
    render();
    const user = userEvent.setup();
    await user.click(within(await card('Supporter')).getByRole('button', { name: 'Pause membership' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Pause Supporter?' });
    expect(within(dialog).queryByRole('radio', { name: 'Until I resume it' })).not.toBeInTheDocument();
    expect(within(dialog).getByText('This tier can be paused for up to 14 days: pick the day it resumes.')).toBeInTheDocument();
    const date = within(dialog).getByLabelText('Resume on');
    expect(date).toHaveAttribute('min', dayInZone(timeZone, 1));
    expect(date).toHaveAttribute('max', dayInZone(timeZone, 14));
    expect(within(dialog).getByText(/From tomorrow to 14 days from today\. .*store’s time zone \(Pacific\/Kiritimati\)\./)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await within(dialog).findByText('Pick a resume date.')).toBeInTheDocument();
    await user.type(date, '2030-03-20');
    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    expect(await within(dialog).findByText('This tier allows a pause of at most 14 days: pick a resume date at most 14 days from today.')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2030-03-01');
    await user.click(within(dialog).getByRole('button', { name: 'Pause membership' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(callsOf(call, 'pauseMyMembership')).toEqual([
      { storeId: 'store_1', membershipId: 'mbr_1', resumeOn: '2030-03-20' },
      { storeId: 'store_1', membershipId: 'mbr_1', resumeOn: '2030-03-01' },
    ]);
    expect(await within(await card('Supporter')).findByText('Paused since Feb 20, 2030, until Mar 1, 2030.')).toBeInTheDocument();
  });

  it('counts the date field’s days from today in the store’s zone', () => {
    // 20:00 UTC on Mar 5 is already Mar 6 in Kiritimati (UTC+14) and still Mar 5 in Los Angeles.
    const now = new Date('2030-03-05T20:00:00.000Z');
    expect(dayInZone('Pacific/Kiritimati', 1, now)).toBe('2030-03-07');
    expect(dayInZone('America/Los_Angeles', 1, now)).toBe('2030-03-06');
    expect(dayInZone('UTC', 90, now)).toBe('2030-06-03');
  });

  it('a trialing member of a pausable tier is told they can pause once the trial ends, and has no Pause button', async () => {
    answerFunctions(call, { listMyMemberships: () => ({ memberships: [testMyMembership({ pausable: true, status: 'trialing', trialEnd: '2030-02-12T10:00:00.000Z' })] }) });
    render();
    const supporter = await card('Supporter');
    expect(within(supporter).getByText('Free trial until Feb 12, 2030 (you can pause once it has ended)')).toBeInTheDocument();
    expect(within(supporter).queryByRole('button', { name: 'Pause membership' })).not.toBeInTheDocument();
  });
});
