import { AppError, type MyMembership } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
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

  it('a trialing member of a pausable tier is told they can pause once the trial ends, and has no Pause button', async () => {
    answerFunctions(call, { listMyMemberships: () => ({ memberships: [testMyMembership({ pausable: true, status: 'trialing', trialEnd: '2030-02-12T10:00:00.000Z' })] }) });
    render();
    const supporter = await card('Supporter');
    expect(within(supporter).getByText('Free trial until Feb 12, 2030 (you can pause once it has ended)')).toBeInTheDocument();
    expect(within(supporter).queryByRole('button', { name: 'Pause membership' })).not.toBeInTheDocument();
  });
});
