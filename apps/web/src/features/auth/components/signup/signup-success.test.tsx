import { MESSAGES } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, testQueryClient } from '#src/testing/render-mode.tsx';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { advance, currentPath } from '../auth-fixtures.tsx';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { SignupSuccess } from './signup-steps.tsx';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] }));
afterEach(() => vi.useRealTimers());

function renderSuccess(storeIssue: boolean) {
  const queryClient = testQueryClient();
  const routes = [
    { path: '/signup', element: <SignupSuccess user={TEST_NEW_CREATOR} storeIssue={storeIssue} /> },
    { path: '/dashboard', element: <h1>Dashboard home</h1> },
  ];
  return renderMode({ routes, path: '/signup', resolution: resolutionFor('dashboard'), queryClient });
}

describe('signup success (spec §2/§9 redirect timings)', () => {
  it('goes to /dashboard after 2 s when the store was created, and only then holds the session', async () => {
    const { router, queryClient } = renderSuccess(false);
    expect(screen.getByText('Your account and store are ready.')).toBeInTheDocument();
    await advance(1_999);
    expect(currentPath(router)).toBe('/signup');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toBeUndefined();
    await advance(1);
    expect(currentPath(router)).toBe('/dashboard');
    expect(queryClient.getQueryData(SESSION_QUERY_KEY)).toEqual(TEST_NEW_CREATOR);
  });

  it('waits 3 s and says the store setup had an issue when it failed', async () => {
    const { router } = renderSuccess(true);
    expect(screen.getByText(MESSAGES.screens.storeSetupFailed)).toBeInTheDocument();
    await advance(2_999);
    expect(currentPath(router)).toBe('/signup');
    await advance(1);
    expect(currentPath(router)).toBe('/dashboard');
  });
});
