import { AppError } from '@shopfront/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { currentPath, renderAuth, signedIn } from '../auth-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

describe('login screen: lost your device?', () => {
  it('signs in with a recovery code on the same challenge, showing the refusal of a used one', async () => {
    answerFunctions(call, {
      getAuthProviders: () => [],
      completeMfaSignInWithRecoveryCode: (data: { recoveryCode: string }) => {
        if (data.recoveryCode !== 'fresh-codes') throw new AppError('invalid-argument', 'This recovery code is not valid or has already been used.');
        return signedIn();
      },
      getCurrentUser: () => TEST_NEW_CREATOR,
    });
    const { router } = renderAuth('/login?mfa=tok-7');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lost your device?' }));
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    const submit = screen.getByRole('button', { name: 'Sign in with recovery code' });
    expect(submit).toBeDisabled();

    await user.type(screen.getByLabelText('Recovery code'), 'used0-codes');
    await user.click(submit);
    expect(await screen.findByRole('alert')).toHaveTextContent('This recovery code is not valid or has already been used.');

    await user.clear(screen.getByLabelText('Recovery code'));
    await user.type(screen.getByLabelText('Recovery code'), 'fresh-codes');
    await user.click(screen.getByRole('button', { name: 'Sign in with recovery code' }));
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(callsOf(call, 'completeMfaSignInWithRecoveryCode')).toEqual([
      { mfaToken: 'tok-7', recoveryCode: 'used0-codes' },
      { mfaToken: 'tok-7', recoveryCode: 'fresh-codes' },
    ]);
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('goes back to the authenticator code', async () => {
    answerFunctions(call, { getAuthProviders: () => [] });
    renderAuth('/login?mfa=tok-8');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Lost your device?' }));
    await user.click(screen.getByRole('button', { name: 'Use your authenticator app instead' }));
    expect(screen.getByLabelText('Authentication code')).toBeInTheDocument();
  });
});
