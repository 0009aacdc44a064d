import { AppError, PLATFORM_CONFIG_MESSAGES, type FeatureFlagState } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { FeatureFlagsPanel } from './feature-flags-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const flag = (name: FeatureFlagState['name'], enabled: boolean): FeatureFlagState => ({
  name,
  enabled,
  isDefault: true,
  defaultEnabled: enabled,
  updatedAt: null,
  updatedBy: null,
});

function answer(options: { refuse?: boolean } = {}) {
  let flags = [flag('websiteBuilder', false), flag('affiliateProgram', true), flag('advancedAnalytics', false), flag('multiStore', true), flag('customDomains', false)];
  answerFunctions(call, {
    getFeatureFlags: () => ({ flags }),
    getPlatformStatus: () => ({}),
    setFeatureFlag: ({ name, enabled }: { name: string; enabled: boolean }) => {
      if (options.refuse) throw new AppError('permission-denied', 'You do not have permission to perform this admin action.');
      const changed = { ...flag(name as FeatureFlagState['name'], enabled), isDefault: false, updatedAt: '2026-11-25T10:00:00.000Z', updatedBy: { id: 'usr_1', email: 'ops@example.com' } };
      flags = flags.map((each) => (each.name === name ? changed : each));
      return { flag: changed, changed: true };
    },
  });
}

describe('Admin › Feature flags', () => {
  it('lists every flag with what it controls and its state', async () => {
    answer();
    renderForCreator(<FeatureFlagsPanel />);
    expect(await screen.findByRole('switch', { name: /Custom domains/ })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('switch', { name: /Affiliate program/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getAllByRole('switch')).toHaveLength(5);
    expect(screen.getByText('Creators connect their own domain in Settings › Domains.')).toBeInTheDocument();
  });

  it('turns a flag on only with a reason, after confirming, and shows who changed it', async () => {
    answer();
    renderForCreator(<FeatureFlagsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /Custom domains/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn Custom domains on?' });
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await within(dialog).findByText(PLATFORM_CONFIG_MESSAGES.reasonRequired)).toBeInTheDocument();
    expect(callsOf(call, 'setFeatureFlag')).toEqual([]);

    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'launch');
    await user.click(within(dialog).getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByRole('switch', { name: /Custom domains/ })).toHaveAttribute('aria-checked', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('flag-customDomains')).getByText(/by ops@example.com/)).toBeInTheDocument();
    expect(callsOf(call, 'setFeatureFlag')).toEqual([{ name: 'customDomains', enabled: true, reason: 'launch' }]);
  });

  it('keeps the dialog open with the server refusal, and Cancel changes nothing', async () => {
    answer({ refuse: true });
    renderForCreator(<FeatureFlagsPanel />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: /Several stores/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Turn Several stores off?' });
    await user.type(within(dialog).getByLabelText('Reason (kept in the audit log)'), 'incident');
    await user.click(within(dialog).getByRole('button', { name: 'Turn off' }));
    expect(await within(dialog).findByText('You do not have permission to perform this admin action.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('switch', { name: /Several stores/ })).toHaveAttribute('aria-checked', 'true');
  });

  it('shows the error with a way to try again when the flags cannot be loaded', async () => {
    answerFunctions(call, {
      getFeatureFlags: () => {
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      },
    });
    renderForCreator(<FeatureFlagsPanel />);
    expect(await screen.findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
