import { AppError, type MaintenanceConfig } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { MaintenancePanel } from './maintenance-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const OPEN: MaintenanceConfig = {
  maintenanceMode: false,
  inEffect: false,
  maintenanceMessage: null,
  allowSignups: true,
  enabledAt: null,
  enabledBy: null,
  endsAt: null,
  updatedAt: null,
};

function answer(fail: () => boolean = () => false) {
  let config = OPEN;
  answerFunctions(call, {
    getMaintenanceConfig: () => config,
    getPlatformStatus: () => ({}),
    setAllowSignups: (input: { allowSignups: boolean }) => {
      if (fail()) throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      config = { ...config, allowSignups: input.allowSignups, updatedAt: new Date().toISOString() };
      return config;
    },
  });
}

describe('Admin › Maintenance › Signups (allowSignups)', () => {
  it('closes signups without maintenance after a confirmation with a reason, then allows them again', async () => {
    answer();
    renderForCreator(<MaintenancePanel />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('signups-status')).toHaveTextContent('Allowed');

    await user.click(screen.getByRole('button', { name: 'Close signups…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close signups?' });
    expect(dialog).toHaveTextContent('Creators who already have one can still sign in.');
    await user.click(within(dialog).getByRole('button', { name: 'Close signups' }));
    // The reason is required: nothing is sent without one.
    expect(callsOf(call, 'setAllowSignups')).toEqual([]);
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'spam wave');
    await user.click(within(dialog).getByRole('button', { name: 'Close signups' }));

    expect(await screen.findByText('Closed', { selector: '[data-testid="signups-status"]' })).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-status')).toHaveTextContent(/^Off$/);
    expect(callsOf(call, 'setAllowSignups')).toEqual([{ allowSignups: false, reason: 'spam wave' }]);

    await user.click(screen.getByRole('button', { name: 'Allow signups…' }));
    const again = await screen.findByRole('dialog', { name: 'Allow signups again?' });
    await user.type(within(again).getByLabelText('Reason (kept in the audit log)'), 'over');
    await user.click(within(again).getByRole('button', { name: 'Allow signups' }));
    expect(await screen.findByText('Allowed', { selector: '[data-testid="signups-status"]' })).toBeInTheDocument();
    expect(screen.getByTestId('maintenance-status')).toHaveTextContent('Off — signups open');
  });

  it('keeps a refusal inside the dialog and changes nothing on screen', async () => {
    answer(() => true);
    renderForCreator(<MaintenancePanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Close signups…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Close signups?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'spam wave');
    await user.click(within(dialog).getByRole('button', { name: 'Close signups' }));
    expect(await within(dialog).findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(screen.getByTestId('signups-status')).toHaveTextContent('Allowed');
  });
});
