import { AppError, COMMERCE_MESSAGES } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, testQueryClient } from '#src/testing/render-mode.tsx';
import { SESSION_QUERY_KEY } from '#src/lib/session-query-key.ts';
import { TEST_CREATOR } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { StripeCallback } from './stripe-callback.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const CALLBACK = '/dashboard/settings/payments/stripe/callback';

/** The page as Stripe's redirect opens it, for a signed-in creator. */
function render(query: string) {
  const queryClient = testQueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, TEST_CREATOR);
  return renderMode({ routes: [{ path: CALLBACK, element: <StripeCallback /> }], path: `${CALLBACK}${query}`, resolution: resolutionFor('dashboard'), queryClient });
}

describe('Stripe Connect callback page', () => {
  it('completes the connection once with the code and state, then links back to Settings', async () => {
    answerFunctions(call, { completeStripeConnect: () => ({ storeId: 'store_1', accountId: 'acct_42' }) });
    render('?code=ac_1&state=st_1');
    expect(await screen.findByText('Stripe connected')).toBeInTheDocument();
    expect(screen.getByText('acct_42')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toHaveAttribute('href', '/dashboard/settings#payments');
    expect(callsOf(call, 'completeStripeConnect')).toEqual([{ code: 'ac_1', state: 'st_1' }]);
  });

  it('shows progress while connecting', async () => {
    answerFunctions(call, { completeStripeConnect: () => new Promise(() => {}) });
    render('?code=ac_1&state=st_1');
    expect(await screen.findByText('Connecting your Stripe account…')).toBeInTheDocument();
  });

  it('shows the server refusal (a used or foreign state)', async () => {
    answerFunctions(call, {
      completeStripeConnect: () => {
        throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeStateInvalid);
      },
    });
    render('?code=ac_1&state=used');
    expect(await screen.findByText(COMMERCE_MESSAGES.stripeStateInvalid)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Settings' })).toBeInTheDocument();
  });

  it('does not call the server when Stripe reports an error or the query is incomplete', async () => {
    answerFunctions(call, {});
    const first = render('?error=access_denied&error_description=The+user+denied');
    expect(await screen.findByText('Stripe connection cancelled')).toBeInTheDocument();
    first.unmount();
    const second = render('?error=invalid_scope&error_description=Bad+scope');
    expect(await screen.findByText('Bad scope')).toBeInTheDocument();
    second.unmount();
    render('?code=only');
    expect(await screen.findByText(COMMERCE_MESSAGES.stripeStateInvalid)).toBeInTheDocument();
    expect(callsOf(call, 'completeStripeConnect')).toEqual([]);
  });
});
