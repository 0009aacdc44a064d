import { AppError, COMMERCE_MESSAGES, type PaymentSettings } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { PaymentsSection } from './payments-section.tsx';
import { browser } from './stripe-account.tsx';

const call = fakeFunctions();
afterEach(() => vi.restoreAllMocks());

function settings(overrides: Partial<PaymentSettings> = {}, stripe: Partial<PaymentSettings['stripe']> = {}): PaymentSettings {
  return {
    provider: 'test',
    currency: 'USD',
    testMode: { enabled: true },
    stripe: { configured: false, accountId: null, connectedAt: null, platformFeePercent: 0, ...stripe },
    ...overrides,
  };
}

function answer(current: PaymentSettings, extra: Parameters<typeof answerFunctions>[1] = {}) {
  call.mockReset();
  answerFunctions(call, {
    listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
    getPaymentSettings: () => current,
    ...extra,
  });
}

describe('Settings › Payments', () => {
  it('says plainly that checkouts use the test card page, and that Stripe is not configured', async () => {
    answer(settings());
    renderForCreator(<PaymentsSection />);
    expect(await screen.findByTestId('payment-provider')).toHaveTextContent('Test mode — checkouts use the built-in test card page');
    expect(screen.getByText('Stripe is not configured on this server, so it cannot be connected here.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Connect with Stripe' })).not.toBeInTheDocument();
    expect(callsOf(call, 'getPaymentSettings')).toEqual([{ storeId: 'store_1' }]);
  });

  it('changes the store currency', async () => {
    answer(settings(), { updatePaymentSettings: ({ currency }: { currency: string }) => settings({ currency }) });
    renderForCreator(<PaymentsSection />);
    const user = userEvent.setup();
    const select = await screen.findByLabelText('Store currency');
    expect(select).toHaveValue('USD');
    expect(screen.getByRole('button', { name: 'Save currency' })).toBeDisabled();
    await user.selectOptions(select, 'EUR');
    await user.click(screen.getByRole('button', { name: 'Save currency' }));
    expect(callsOf(call, 'updatePaymentSettings')).toEqual([{ storeId: 'store_1', currency: 'EUR' }]);
    expect(await screen.findByText('Store currency set to EUR')).toBeInTheDocument();
    expect(screen.getByLabelText('Store currency')).toHaveValue('EUR');
  });

  it('connects with Stripe by sending the browser to the authorize URL', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    answer(settings({}, { configured: true, platformFeePercent: 5 }), {
      startStripeConnect: () => ({ url: 'https://connect.stripe.test/oauth/authorize?state=abc' }),
    });
    renderForCreator(<PaymentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('The platform keeps 5% of each sale as a fee.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Connect with Stripe' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://connect.stripe.test/oauth/authorize?state=abc'));
    expect(callsOf(call, 'startStripeConnect')).toEqual([{ storeId: 'store_1' }]);
  });

  it('shows why connecting failed', async () => {
    answer(settings({}, { configured: true }), {
      startStripeConnect: () => {
        throw new AppError('failed-precondition', COMMERCE_MESSAGES.stripeNotConfigured);
      },
    });
    renderForCreator(<PaymentsSection />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Connect with Stripe' }));
    expect(await screen.findByText(COMMERCE_MESSAGES.stripeNotConfigured)).toBeInTheDocument();
  });

  it('shows the connected account and disconnects only after confirming', async () => {
    let current = settings({ provider: 'stripe' }, { configured: true, accountId: 'acct_123', connectedAt: '2025-03-01T00:00:00.000Z' });
    answer(current, {
      getPaymentSettings: () => current,
      disconnectStripe: () => {
        current = settings({}, { configured: true });
        return current;
      },
    });
    renderForCreator(<PaymentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('acct_123')).toBeInTheDocument();
    expect(screen.getByTestId('payment-provider')).toHaveTextContent('Checkouts run on your connected Stripe account.');

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'disconnectStripe')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Disconnect' }));
    dialog = screen.getByRole('alertdialog', { name: 'Disconnect Stripe?' });
    await user.click(within(dialog).getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByRole('button', { name: 'Connect with Stripe' })).toBeInTheDocument();
    expect(callsOf(call, 'disconnectStripe')).toEqual([{ storeId: 'store_1' }]);
    expect(screen.queryByText('acct_123')).not.toBeInTheDocument();
  });

  it('offers a retry when the settings cannot load', async () => {
    let fail = true;
    answer(settings(), {
      getPaymentSettings: () => {
        if (fail) throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
        return settings({ provider: 'free', testMode: { enabled: false } });
      },
    });
    renderForCreator(<PaymentsSection />);
    const user = userEvent.setup();
    expect(await screen.findByText('Payment settings could not load')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('payment-provider')).toHaveTextContent('Only free products can be checked out');
  });
});

describe('Settings › Payments › Test clock', () => {
  it('says when the clock could not be read, and reads it again on Try again', async () => {
    let fail = true;
    answer(settings(), {
      getStoreTestClock: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy. Try again in a moment.');
        return clock(0);
      },
    });
    renderForCreator(<PaymentsSection />);
    expect(await screen.findByText(/^The test clock could not be loaded: The server is busy\. Try again in a moment\./)).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const panel = await screen.findByRole('region', { name: 'Test clock' });
    expect(within(panel).getByText('The test clock shows real time.')).toBeInTheDocument();
  });

  const clock = (offsetSeconds: number) => ({ available: true, offsetSeconds, now: new Date(Date.UTC(2026, 10, 28, 12) + offsetSeconds * 1000).toISOString() });

  it('shows how far the clock is ahead and moves it a day forward', async () => {
    answer(settings(), {
      getStoreTestClock: () => clock(0),
      advanceStoreTestClock: ({ minutes }: { minutes: number }) => clock(minutes * 60),
    });
    renderForCreator(<PaymentsSection />);
    const panel = await screen.findByRole('region', { name: 'Test clock' });
    expect(within(panel).getByText('The test clock shows real time.')).toBeInTheDocument();
    await userEvent.setup().click(within(panel).getByRole('button', { name: '+1 day' }));
    expect(callsOf(call, 'advanceStoreTestClock')).toEqual([{ storeId: 'store_1', minutes: 1440 }]);
    expect(await within(panel).findByRole('status')).toHaveTextContent(/^Moved 1 day forward\. The test clock is 1 day ahead: test mode sees /);
  });

  it('says why a move was refused and keeps the clock where it was', async () => {
    answer(settings(), {
      getStoreTestClock: () => clock(3600),
      advanceStoreTestClock: () => {
        throw new AppError('invalid-argument', 'Move the test clock by 1 minute to 366 days.');
      },
    });
    renderForCreator(<PaymentsSection />);
    const panel = await screen.findByRole('region', { name: 'Test clock' });
    await userEvent.setup().click(within(panel).getByRole('button', { name: '+30 days' }));
    expect(await within(panel).findByText('Move the test clock by 1 minute to 366 days.')).toBeInTheDocument();
    expect(within(panel).getByText(/^The test clock is 1 hour ahead/)).toBeInTheDocument();
    expect(within(panel).getByRole('status')).toHaveTextContent('');
  });

  it('is not shown where the server takes no test payments', async () => {
    answer(settings({ provider: 'stripe', testMode: { enabled: false } }), { getStoreTestClock: () => ({ ...clock(0), available: false }) });
    renderForCreator(<PaymentsSection />);
    await screen.findByTestId('payment-provider');
    await vi.waitFor(() => expect(callsOf(call, 'getStoreTestClock')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Test clock' })).not.toBeInTheDocument();
  });
});
