import { AppError, type User } from '@shopfront/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, testQueryClient } from '#src/testing/render-mode.tsx';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { currentPath } from '../auth-fixtures.tsx';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { AdminMfaBanner } from './admin-mfa-banner.tsx';
import { toBase64 } from './qr-image.tsx';
import { SecurityPanel } from './security-panel.tsx';
import { UserMenu } from './user-menu.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const RECOVERY_CODES = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String(i).padStart(2, '0')}`);
const QR_SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 8 8"><rect width="8" height="8"/><script>alert(1)</script></svg>';

function renderSignedIn(user: User = TEST_NEW_CREATOR) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, user);
  const routes = [
    {
      path: '/dashboard/settings',
      element: (
        <>
          <UserMenu />
          <AdminMfaBanner />
          <SecurityPanel />
        </>
      ),
    },
    { path: '/login', element: <h1>Sign in page</h1> },
  ];
  return renderMode({ routes, path: '/dashboard/settings', resolution: resolutionFor('dashboard'), queryClient });
}

describe('account menu and sign-out', () => {
  it("shows the creator's name and email, and signs out to /login with the cache cleared", async () => {
    answerFunctions(call, { signOut: () => ({ signedOut: true }) });
    const { router, queryClient } = renderSignedIn();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Account menu for Ada Lovelace/ }));
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/login');
    expect(callsOf(call, 'signOut')).toHaveLength(1);
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeNull();
  });

  it('stays signed in and says why when the server cannot be reached', async () => {
    answerFunctions(call, {
      signOut: () => {
        throw new AppError('unavailable');
      },
    });
    const { router } = renderSignedIn();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Account menu/ }));
    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText('Service temporarily unavailable. Please try again.')).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard/settings');
  });
});

describe('admin MFA banner', () => {
  it('asks an admin without two-step verification to enrol, linking to settings', async () => {
    renderSignedIn({ ...TEST_NEW_CREATOR, isAdmin: true, mfaEnabled: false });
    expect(await screen.findByText('Protect your admin account')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Set up now' })).toHaveAttribute('href', '/dashboard/settings#security');
  });

  it.each([
    ['an admin with MFA', { isAdmin: true, mfaEnabled: true }],
    ['a creator who is not admin', { isAdmin: false, mfaEnabled: false }],
  ])('is not shown to %s', async (_label, flags) => {
    // The notice loads lazily: show it first, so its absence afterwards is the condition's doing, not a chunk still loading.
    const { queryClient } = renderSignedIn({ ...TEST_NEW_CREATOR, isAdmin: true, mfaEnabled: false });
    expect(await screen.findByText('Protect your admin account')).toBeInTheDocument();
    act(() => queryClient.setQueryData(SESSION_QUERY_KEY, { ...TEST_NEW_CREATOR, ...flags }));
    await waitFor(() => expect(screen.queryByText('Protect your admin account')).not.toBeInTheDocument());
  });
});

describe('settings › security: TOTP enrolment', () => {
  it('shows the QR code as an image (never as markup) and the secret, turns MFA on with a code, then the recovery codes', async () => {
    let enabled = false;
    answerFunctions(call, {
      startTotpEnrollment: () => ({ secret: 'JBSWY3DPEHPK3PXPJBSW', otpauthUrl: 'otpauth://totp/x', qrSvg: QR_SVG }),
      confirmTotpEnrollment: (data: { code: string }) => {
        if (data.code !== '246810') throw new AppError('invalid-argument', 'Invalid authentication code');
        enabled = true;
        return { enrolled: true, recoveryCodes: RECOVERY_CODES };
      },
      getCurrentUser: () => ({ ...TEST_NEW_CREATOR, mfaEnabled: enabled }),
      getRecoveryCodeStatus: () => ({ remaining: 10, total: 10, createdAt: '2030-01-01T00:00:00.000Z' }),
    });
    const { container } = renderSignedIn();
    const user = userEvent.setup();
    expect(screen.getByText('Two-step verification off')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Set up two-step verification' }));

    const qr = await screen.findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr).toHaveAttribute('src', `data:image/svg+xml;base64,${toBase64(QR_SVG)}`);
    expect(container.querySelector('script')).toBeNull();
    expect(screen.getByTestId('totp-secret')).toHaveTextContent('JBSW Y3DP EHPK 3PXP JBSW');

    const turnOn = screen.getByRole('button', { name: 'Turn on' });
    await user.type(screen.getByLabelText('Authentication code'), '13579');
    expect(turnOn).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), '1');
    await user.click(turnOn);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '246810');
    await user.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('Two-step verification on')).toBeInTheDocument();
    expect(callsOf(call, 'confirmTotpEnrollment')).toContainEqual({ code: '246810' });

    // The codes stay on screen, shown once, until the creator says they saved them.
    expect(screen.getByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Recovery codes' })).getAllByRole('listitem').map((item) => item.textContent)).toEqual(RECOVERY_CODES);
    const done = screen.getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(screen.getByLabelText('I have saved these codes'));
    await user.click(done);
    expect(screen.queryByRole('heading', { name: 'Save your recovery codes' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('recovery-codes-left')).toHaveTextContent('10 of 10');
  });

  it('turns MFA off with a code', async () => {
    let enabled = true;
    answerFunctions(call, {
      disableTotp: () => {
        enabled = false;
        return { disabled: true };
      },
      getCurrentUser: () => ({ ...TEST_NEW_CREATOR, mfaEnabled: enabled }),
      getRecoveryCodeStatus: () => ({ remaining: 10, total: 10, createdAt: '2030-01-01T00:00:00.000Z' }),
    });
    renderSignedIn({ ...TEST_NEW_CREATOR, mfaEnabled: true });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Turn off two-step verification' }));
    await user.type(screen.getByLabelText('Authentication code'), '112233');
    await user.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByText('Two-step verification off')).toBeInTheDocument());
    expect(callsOf(call, 'disableTotp')).toEqual([{ code: '112233' }]);
  });

  it('encodes non-ASCII SVG text safely', () => {
    expect(atob(toBase64('<svg>é</svg>'))).toBe('<svg>\u00c3\u00a9</svg>');
  });
});
