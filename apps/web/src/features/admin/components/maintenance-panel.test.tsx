import { AppError, MAINTENANCE_MESSAGE_MAX_LENGTH, PLATFORM_CONFIG_MESSAGES, type MaintenanceConfig } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { MaintenancePanel } from './maintenance-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const OFF: MaintenanceConfig = {
  maintenanceMode: false,
  inEffect: false,
  maintenanceMessage: null,
  allowSignups: true,
  enabledAt: null,
  enabledBy: null,
  endsAt: null,
  updatedAt: null,
};
const ON: MaintenanceConfig = {
  ...OFF,
  maintenanceMode: true,
  inEffect: true,
  maintenanceMessage: 'Back at noon.',
  enabledAt: '2026-11-25T10:00:00.000Z',
  enabledBy: { id: 'usr_1', email: 'ops@example.com' },
  updatedAt: '2026-11-25T10:00:00.000Z',
};

function answer(start: MaintenanceConfig, set: (input: { enabled: boolean; message?: string }) => MaintenanceConfig = (input) => (input.enabled ? ON : OFF)) {
  let config = start;
  answerFunctions(call, {
    getMaintenanceConfig: () => config,
    getPlatformStatus: () => ({}),
    setMaintenanceMode: (input: { enabled: boolean; message?: string }) => {
      config = { ...set(input), updatedAt: new Date().toISOString() };
      return config;
    },
  });
}

describe('Admin › Maintenance', () => {
  it('switches maintenance on with a message after a confirmation, then shows who switched it on', async () => {
    answer(OFF);
    renderForCreator(<MaintenancePanel />);
    const user = userEvent.setup();
    expect(await screen.findByTestId('maintenance-status')).toHaveTextContent('Off — signups open');

    await user.click(screen.getByRole('button', { name: 'Switch maintenance on…' }));
    expect(await screen.findByText(PLATFORM_CONFIG_MESSAGES.messageRequired)).toBeInTheDocument();
    expect(callsOf(call, 'setMaintenanceMode')).toEqual([]);

    await user.type(screen.getByLabelText('Message visitors see'), 'Back at noon.');
    await user.type(screen.getByLabelText('Reason (optional, kept in the audit log)'), 'database upgrade');
    await user.click(screen.getByRole('button', { name: 'Switch maintenance on…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch maintenance on?' });
    expect(dialog).toHaveTextContent('Creators who already have an account can still sign in.');
    await user.click(within(dialog).getByRole('button', { name: 'Switch on' }));

    expect(await screen.findByText('On — signups refused')).toBeInTheDocument();
    expect(screen.getByText(/by ops@example.com/)).toBeInTheDocument();
    expect(callsOf(call, 'setMaintenanceMode')).toEqual([{ enabled: true, message: 'Back at noon.', endsAt: null, reason: 'database upgrade' }]);
  });

  it('refuses a message over the maximum length and an end time in the past before asking the server', async () => {
    answer(OFF);
    renderForCreator(<MaintenancePanel />);
    const user = userEvent.setup();
    const message = await screen.findByLabelText('Message visitors see');
    await user.click(message);
    await user.paste('x'.repeat(MAINTENANCE_MESSAGE_MAX_LENGTH + 1));
    await user.type(screen.getByLabelText('Ends at (optional)'), '2001-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Switch maintenance on…' }));
    expect(await screen.findByText(PLATFORM_CONFIG_MESSAGES.messageTooLong)).toBeInTheDocument();
    expect(screen.getByText(PLATFORM_CONFIG_MESSAGES.endsAtInPast)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(callsOf(call, 'setMaintenanceMode')).toEqual([]);
  });

  it('switches off after a confirmation; a refusal stays in the dialog', async () => {
    let fail = true;
    answer(ON, (input) => {
      if (fail) throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      return input.enabled ? ON : OFF;
    });
    renderForCreator(<MaintenancePanel />);
    const user = userEvent.setup();
    expect(await screen.findByText('Back at noon.', { selector: 'dd' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Switch maintenance off…' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Switch maintenance off?' });
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await within(dialog).findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();

    fail = false;
    await user.click(within(dialog).getByRole('button', { name: 'Switch off' }));
    expect(await screen.findByText('Off — signups open')).toBeInTheDocument();
    expect(callsOf(call, 'setMaintenanceMode').at(-1)).toEqual({ enabled: false });
  });

  it('shows the error with a way to try again when the settings cannot be loaded', async () => {
    answerFunctions(call, {
      getMaintenanceConfig: () => {
        throw new AppError('permission-denied', 'You do not have permission to perform this admin action.');
      },
    });
    renderForCreator(<MaintenancePanel />);
    expect(await screen.findByText('You do not have permission to perform this admin action.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
