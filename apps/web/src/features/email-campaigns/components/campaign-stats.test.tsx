import { AppError, EMAIL_MESSAGES } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { BASE_ANSWERS, testCampaign, testStats } from '../campaign-fixtures.ts';
import { CampaignScreen } from './campaign-screen.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());
vi.setConfig({ testTimeout: 20_000 });

const ID = 'cmp_aaaaaaaaaaaaaaaaaaaa';
const render = () => renderForCreator(<CampaignScreen campaignId={ID} />, { path: `/dashboard/email/campaigns/${ID}` });
const stat = (key: string) => screen.getByTestId(`stat-${key}`).closest('div')?.textContent;

describe('a campaign’s numbers', () => {
  it('shows every number with its rate, and why a stopped send stopped', async () => {
    const stats = testStats({ recipients: 200, sent: 80, delivered: 78, opened: 39, clicked: 13, bounced: 2, complained: 0, unsubscribed: 1, failed: 0 });
    answerFunctions(call, {
      ...BASE_ANSWERS,
      getEmailCampaign: () => testCampaign({ status: 'cancelled', startedAt: '2026-11-24T09:00:00.000Z', finishedAt: '2026-11-24T09:01:00.000Z', statusNote: 'Stopped after 80 of 200 were sent', stats }),
    });
    render();
    expect(await screen.findByText('Stopped after 80 of 200 were sent')).toBeInTheDocument();
    expect(stat('recipients')).toBe('Recipients200');
    expect(stat('sent')).toBe('Sent8040.0% of recipients');
    expect(stat('delivered')).toBe('Delivered7897.5% of sent');
    expect(stat('opened')).toBe('Opened3950.0% of delivered');
    expect(stat('clicked')).toBe('Clicked1316.7% of delivered');
    expect(stat('bounced')).toBe('Bounced22.5% of sent');
    expect(stat('complained')).toBe('Complained00.0% of delivered');
    expect(stat('unsubscribed')).toBe('Unsubscribed11.3% of delivered');
    expect(stat('failed')).toBe('Failed00.0% of recipients');
    // No editor for a campaign people got.
    expect(screen.queryByRole('button', { name: 'Save draft' })).not.toBeInTheDocument();
  });

  it('says deliveries are "Not reported" with a provider that never reports them, and takes opens of sent; smtp2go shows the count', async () => {
    const stats = testStats({ recipients: 4, sent: 4, delivered: 0, opened: 2 });
    const account = (configured: boolean) => ({ exists: configured, hasApiKey: configured, webhookId: null, webhookStatus: configured ? 'active' : 'none', configured, lastError: null });
    const settings = (provider: 'outbox' | 'smtp2go') => ({
      senderName: '', replyTo: null, postalAddress: '1 Main St', trackingEnabled: true, pausedAt: null, pausedReason: null, recentComplaintRate: 0, provider, smtp2goSubAccount: account(provider === 'smtp2go'),
    });
    let provider: 'outbox' | 'smtp2go' = 'outbox';
    answerFunctions(call, { ...BASE_ANSWERS, getEmailSettings: () => settings(provider), getEmailCampaign: () => testCampaign({ status: 'sent', stats }) });
    const first = render();
    await waitFor(() => expect(stat('delivered')).toBe('DeliveredNot reportedYour email provider does not report deliveries'));
    expect(stat('opened')).toBe('Opened250.0% of sent');
    first.unmount();

    provider = 'smtp2go';
    render();
    await waitFor(() => expect(stat('delivered')).toBe('Delivered00.0% of sent'));
  });

  it('stops a sending campaign only after the confirmation', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      getEmailCampaign: () => testCampaign({ status: 'sending', startedAt: '2026-11-24T09:00:00.000Z', stats: testStats({ recipients: 10, sent: 4 }) }),
      stopEmailCampaign: () => testCampaign({ status: 'cancelled', statusNote: 'Stopped after 4 of 10 were sent', stats: testStats({ recipients: 10, sent: 4 }) }),
    });
    render();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Stop sending' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Stop sending this campaign?' });
    expect(confirm).toHaveTextContent('People who have not got it yet never will.');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(callsOf(call, 'stopEmailCampaign')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Stop sending' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Stop sending' }));
    await waitFor(() => expect(callsOf(call, 'stopEmailCampaign')).toEqual([{ storeId: 'store_1', campaignId: ID }]));
    expect(await screen.findAllByText('Stopped after 4 of 10 were sent')).not.toHaveLength(0);
  });

  it('cancels a scheduled campaign after the confirmation, and shows a refusal inside it', async () => {
    let refuse = true;
    answerFunctions(call, {
      ...BASE_ANSWERS,
      getEmailCampaign: () => testCampaign({ status: 'scheduled', scheduledAt: '2026-12-01T17:30:00.000Z' }),
      cancelEmailCampaign: () => {
        if (refuse) throw new AppError('failed-precondition', EMAIL_MESSAGES.notCancellable);
        return testCampaign({ status: 'cancelled' });
      },
    });
    render();
    const user = userEvent.setup();
    expect(await screen.findByText(/Sends Dec 1, 2026, 6:30 PM GMT\+1/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Cancel this campaign?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel campaign' }));
    expect(await within(confirm).findByText(EMAIL_MESSAGES.notCancellable)).toBeInTheDocument();

    refuse = false;
    await user.click(within(confirm).getByRole('button', { name: 'Cancel campaign' }));
    // Cancelled before anyone got it: the editor again, to change it and send it later.
    expect(await screen.findByRole('button', { name: 'Save draft' })).toBeInTheDocument();
    expect(screen.getByText('This campaign was cancelled')).toBeInTheDocument();
    expect(callsOf(call, 'cancelEmailCampaign')).toHaveLength(2);
  });
});
