import { AppError, EMAIL_MESSAGES, type StoreEmailSettings } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { EmailSettingsSection } from './email-settings-section.tsx';
import { POSTAL_ADDRESS_MISSING } from './email-settings-form.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

type Account = StoreEmailSettings['smtp2goSubAccount'];

function testSettings(overrides: Partial<StoreEmailSettings> = {}, account: Partial<Account> = {}): StoreEmailSettings {
  return {
    senderName: '',
    replyTo: null,
    postalAddress: '',
    trackingEnabled: false,
    pausedAt: null,
    pausedReason: null,
    recentComplaintRate: 0,
    provider: 'outbox',
    smtp2goSubAccount: { exists: false, hasApiKey: false, webhookId: null, webhookStatus: 'none', configured: false, lastError: null, ...account },
    ...overrides,
  };
}

const listMyStores = () => ({ stores: [testStore()], activeStoreId: 'store_1' });
const render = () => renderForCreator(<EmailSettingsSection />, { path: '/dashboard/settings' });
/** The first render of a file loads the page's modules: give it longer than the default second. */
const section = async () => screen.findByRole('region', { name: 'Email' });

describe('Settings › Email form', () => {
  it('starts with tracking off, explains the postal address, and says sending waits for one', async () => {
    answerFunctions(call, { listMyStores, getEmailSettings: () => testSettings() });
    render();
    const email = await section();
    expect(await within(email).findByRole('switch', { name: 'Open and click tracking' })).toHaveAttribute('aria-checked', 'false');
    expect(within(email).getByLabelText('Postal address')).toHaveAccessibleDescription(/CAN-SPAM in the US, CASL in Canada/);
    expect(within(email).getByText(POSTAL_ADDRESS_MISSING)).toBeInTheDocument();
    expect(email).toHaveAttribute('id', 'email');
  });

  it('refuses a bad reply-to and an over-long address in the form, then saves the fields and says so', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings(),
      updateEmailSettings: ({ fields }: { fields: Partial<StoreEmailSettings> }) => testSettings(fields),
    });
    render();
    const email = await section();
    const user = userEvent.setup();
    await user.type(await within(email).findByLabelText('Reply-to email'), 'not-an-email');
    const address = within(email).getByLabelText('Postal address');
    await user.click(address);
    await user.paste('x'.repeat(501));
    await user.click(within(email).getByRole('button', { name: 'Save email settings' }));
    expect(await within(email).findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(within(email).getByText(EMAIL_MESSAGES.postalAddressTooLong)).toBeInTheDocument();
    expect(callsOf(call, 'updateEmailSettings')).toEqual([]);

    await user.clear(within(email).getByLabelText('Reply-to email'));
    await user.clear(address);
    await user.type(address, '12 Clay Street{Enter}Portland');
    await user.type(within(email).getByLabelText('Sender name'), 'Ada at Cozy Mugs');
    await user.click(within(email).getByRole('switch', { name: 'Open and click tracking' }));
    await user.click(within(email).getByRole('button', { name: 'Save email settings' }));
    await waitFor(() =>
      expect(callsOf(call, 'updateEmailSettings')).toEqual([
        { storeId: 'store_1', fields: { senderName: 'Ada at Cozy Mugs', replyTo: null, postalAddress: '12 Clay Street\nPortland', trackingEnabled: true } },
      ]),
    );
    expect(await screen.findByText('Email settings saved')).toBeInTheDocument();
    expect(within(email).queryByText(POSTAL_ADDRESS_MISSING)).not.toBeInTheDocument();
  });

  it('shows the server’s refusal', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings({ postalAddress: '12 Clay Street' }),
      updateEmailSettings: () => {
        throw new AppError('invalid-argument', EMAIL_MESSAGES.postalAddressTooLong);
      },
    });
    render();
    const email = await section();
    const user = userEvent.setup();
    await user.type(await within(email).findByLabelText('Sender name'), 'Ada');
    await user.click(within(email).getByRole('button', { name: 'Save email settings' }));
    expect(await within(email).findByRole('alert')).toHaveTextContent(EMAIL_MESSAGES.postalAddressTooLong);
  });
});

describe('Settings › Email sending account', () => {
  it('enables email with smtp2go when no sub-account exists yet', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings({ provider: 'smtp2go' }),
      enableStoreEmail: () => testSettings({ provider: 'smtp2go' }, { exists: true, hasApiKey: true, webhookStatus: 'active', configured: true }),
    });
    render();
    const email = await section();
    const user = userEvent.setup();
    await user.click(await within(email).findByRole('button', { name: 'Enable email' }));
    await waitFor(() => expect(callsOf(call, 'enableStoreEmail')).toEqual([{ storeId: 'store_1' }]));
    expect(await within(email).findByText('Configured')).toBeInTheDocument();
    expect(within(email).queryByRole('button', { name: /Enable|Retry/ })).not.toBeInTheDocument();
  });

  it('offers the sub-account retry when its creation failed, and calls retryEmailSubaccountCreation', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings({ provider: 'smtp2go' }, { lastError: 'smtp2go did not answer' }),
      retryEmailSubaccountCreation: () => testSettings({ provider: 'smtp2go' }, { exists: true, hasApiKey: true, webhookStatus: 'failed' }),
    });
    render();
    const email = await section();
    expect(await within(email).findByText('smtp2go did not answer')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(email).getByRole('button', { name: 'Retry sub-account creation' }));
    await waitFor(() => expect(callsOf(call, 'retryEmailSubaccountCreation')).toEqual([{ storeId: 'store_1' }]));
    expect(callsOf(call, 'retryWebhookCreation')).toEqual([]);
    // Half-made the other way now: the webhook is missing.
    expect(await within(email).findByRole('button', { name: 'Retry webhook creation' })).toBeInTheDocument();
  });

  it('offers the webhook retry when the webhook is not active, and says the account is not configured', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings({ provider: 'smtp2go' }, { exists: true, hasApiKey: true, webhookStatus: 'failed' }),
      retryWebhookCreation: () => testSettings({ provider: 'smtp2go' }, { exists: true, hasApiKey: true, webhookStatus: 'active', webhookId: 'wh_1', configured: true }),
    });
    render();
    const email = await section();
    expect(await within(email).findByText('Not configured yet')).toBeInTheDocument();
    expect(within(email).getByText(/Configured only when the webhook is active/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(email).getByRole('button', { name: 'Retry webhook creation' }));
    await waitFor(() => expect(callsOf(call, 'retryWebhookCreation')).toEqual([{ storeId: 'store_1' }]));
    expect(callsOf(call, 'retryEmailSubaccountCreation')).toEqual([]);
    expect(await within(email).findByText('Active')).toBeInTheDocument();
  });

  it('shows no repair buttons for the outbox', async () => {
    answerFunctions(call, { listMyStores, getEmailSettings: () => testSettings() });
    render();
    const email = await section();
    expect(await within(email).findByText(/The platform outbox/)).toBeInTheDocument();
    expect(within(email).queryByRole('button', { name: /Enable|Retry/ })).not.toBeInTheDocument();
  });

  it('shows the paused banner with the reason, the 0.3% of 1,000 rule and the store’s rate', async () => {
    answerFunctions(call, {
      listMyStores,
      getEmailSettings: () => testSettings({ pausedAt: '2026-11-20T10:00:00.000Z', pausedReason: 'Too many spam complaints', recentComplaintRate: 0.004 }),
    });
    render();
    const email = await section();
    const banner = await within(email).findByRole('alert');
    expect(banner).toHaveTextContent(EMAIL_MESSAGES.sendingPaused);
    expect(banner).toHaveTextContent('Too many spam complaints');
    expect(banner).toHaveTextContent('Sending pauses when spam complaints pass 0.3% of the store’s last 1,000 emails. Your rate: 0.4%.');
  });

  it('shows no banner while sending runs, but still the threshold and the current rate', async () => {
    answerFunctions(call, { listMyStores, getEmailSettings: () => testSettings({ recentComplaintRate: 0.001 }) });
    render();
    const email = await section();
    expect(await within(email).findByText(/0.1% of recent emails/)).toBeInTheDocument();
    expect(within(email).getByText(/pass 0.3% of the store’s last 1,000 emails/)).toBeInTheDocument();
    expect(within(email).queryByRole('alert')).not.toBeInTheDocument();
  });
});
