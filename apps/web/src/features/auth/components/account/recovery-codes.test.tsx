import { AppError, type User } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { renderMode, resolutionFor, testQueryClient } from '#src/testing/render-mode.tsx';
import { recoveryCodesFile } from './recovery-codes-display.tsx';
import { SecurityPanel } from './security-panel.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const NEW_CODES = Array.from({ length: 10 }, (_, i) => `newcd-${String(i).padStart(5, '0')}`);
const status = (remaining: number) => ({ remaining, total: 10, createdAt: '2030-01-01T00:00:00.000Z' });

function renderPanel(user: User = { ...TEST_NEW_CREATOR, mfaEnabled: true }) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  return renderMode({ routes: [{ path: '/dashboard/settings', element: <SecurityPanel /> }], path: '/dashboard/settings', resolution: resolutionFor('dashboard'), queryClient });
}

describe('settings › security: recovery codes', () => {
  it('shows how many codes are left, warning at 2 and not at 3', async () => {
    answerFunctions(call, { getRecoveryCodeStatus: () => status(3) });
    const { unmount } = renderPanel();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('3 of 10');
    expect(screen.queryByText(/Generate new ones so losing your phone/)).not.toBeInTheDocument();
    unmount();

    answerFunctions(call, { getRecoveryCodeStatus: () => status(2) });
    renderPanel();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('2 of 10');
    expect(screen.getByRole('status')).toHaveTextContent('Only 2 recovery codes left.');
  });

  it('generates a new set with a code from the app, shows it once, and counts it', async () => {
    let remaining = 1;
    answerFunctions(call, {
      getRecoveryCodeStatus: () => status(remaining),
      regenerateRecoveryCodes: (data: { code: string }) => {
        if (data.code !== '135790') throw new AppError('invalid-argument', 'Invalid authentication code. Please try again.');
        remaining = 10;
        return { recoveryCodes: NEW_CODES };
      },
    });
    renderPanel();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Generate new recovery codes' }));
    const submit = screen.getByRole('button', { name: 'Generate new codes' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), '111111');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code. Please try again.');
    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '135790');
    await user.click(screen.getByRole('button', { name: 'Generate new codes' }));

    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes')).toHaveTextContent(NEW_CODES.join(''));
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('10 of 10'));
    expect(callsOf(call, 'regenerateRecoveryCodes')).toEqual([{ code: '111111' }, { code: '135790' }]);
  });

  it('turns two-step verification off with a recovery code instead of the app', async () => {
    answerFunctions(call, { getRecoveryCodeStatus: () => status(4), disableTotp: () => ({ disabled: true }), getCurrentUser: () => TEST_NEW_CREATOR });
    renderPanel();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByLabelText('Recovery code'), 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(callsOf(call, 'disableTotp')).toEqual([{ code: 'abcde-12345' }]));
  });

  it('writes a download file that says what the codes are for', () => {
    const file = recoveryCodesFile(NEW_CODES, 'ada@example.com', new Date('2030-05-06T07:08:09Z'));
    expect(file).toContain('Shopfront recovery codes for ada@example.com');
    expect(file).toContain('Generated 2030-05-06.');
    expect(file).toContain('Lost your device?');
    for (const code of NEW_CODES) expect(file).toContain(`\n${code}\n`);
  });
});
