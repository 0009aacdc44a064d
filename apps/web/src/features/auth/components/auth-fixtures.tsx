import type { User } from '@shopfront/core';
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { renderMode, resolutionFor, testQueryClient } from '#src/testing/render-mode.tsx';
import { EmailLinkPage } from './login/email-link-page.tsx';
import { LoginPage } from './login/login-page.tsx';
import { PasswordResetPage } from './password-reset/password-reset-page.tsx';
import { SignupPageBody } from './signup/signup-page.tsx';
import { GuestOnly } from './guest-only.tsx';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';

export const signedIn = (user: User = TEST_NEW_CREATOR) => ({ status: 'signed-in' as const, user, idToken: 'id-token', expiresAt: '2030-01-01T00:00:00.000Z' });




/** The creator sign-in routes as the dashboard mode mounts them, plus landing spots to assert on. */
export function renderAuth(path: string, options: { session?: User | null } = {}) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, options.session ?? null);
  const routes = [
    { path: '/login', element: <LoginPage /> },
    { path: '/login/email-link', element: <EmailLinkPage /> },
    {
      path: '/signup',
      element: (
        <GuestOnly>
          <SignupPageBody />
        </GuestOnly>
      ),
    },
    { path: '/password-reset', element: <PasswordResetPage /> },
    { path: '/dashboard/*', element: <h1>Dashboard home</h1> },
  ];
  return renderMode({ routes, path, resolution: resolutionFor('dashboard'), queryClient });
}

export const currentPath = (router: { state: { location: { pathname: string; search: string } } }) =>
  router.state.location.pathname + router.state.location.search;

/** With fake timers: run due timers and the promise jobs they start (query notifications use setTimeout 0). */
export async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

/** With fake timers: a few rounds of zero-time advancing, enough for a call, its answer and the renders after it. */
export async function settle(rounds = 4): Promise<void> {
  for (let round = 0; round < rounds; round += 1) await advance(0);
}
