import { AppError } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator } from '#src/testing/creator-kit.tsx';
import { BASE_ANSWERS, testCampaign, testStats } from '../campaign-fixtures.ts';
import { CampaignsPanel, EMPTY_CAMPAIGNS_TEXT } from './campaigns-list.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((cell) => cell.textContent);
const render = () => renderForCreator(<CampaignsPanel />, { path: '/dashboard/email' });

describe('the campaigns list', () => {
  it('shows each campaign with its status, its time on the store’s clock and its numbers', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listEmailCampaigns: () => ({
        campaigns: [
          testCampaign({
            id: 'cmp_sent',
            name: '',
            subject: 'November news',
            status: 'sent',
            startedAt: '2026-11-24T08:58:00.000Z',
            finishedAt: '2026-11-24T09:00:00.000Z',
            stats: testStats({ recipients: 1200, sent: 1200, delivered: 1190, opened: 400, clicked: 50, bounced: 10, unsubscribed: 3 }),
          }),
          testCampaign({ id: 'cmp_later', status: 'scheduled', scheduledAt: '2026-12-01T17:30:00.000Z' }),
          testCampaign({ id: 'cmp_draft', name: 'Ideas', subject: '' }),
        ],
      }),
    });
    render();
    const table = await screen.findByRole('table', { name: 'Email campaigns, newest first' });
    const [, sent, later, draft] = within(table).getAllByRole('row');
    expect(within(sent!).getByRole('link', { name: 'November news' })).toHaveAttribute('href', '/dashboard/email/campaigns/cmp_sent');
    // Europe/Berlin is UTC+1 in November.
    expect(cells(sent!)).toEqual(['November news', 'SentSent Nov 24, 2026, 10:00 AM GMT+1', '1,200', '1,190', '400', '50', '10', '3']);
    expect(cells(later!)).toEqual(['Spring launchNew glazes are here', 'ScheduledSends Dec 1, 2026, 6:30 PM GMT+1', '0', '0', '0', '0', '0', '0']);
    expect(cells(draft!)).toEqual(['Ideas', 'DraftEdited Nov 20, 2026, 11:00 AM GMT+1', '—', '—', '—', '—', '—', '—']);
    expect(screen.getByText('Times are in your store’s time zone (Europe/Berlin).')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/dashboard/email/campaigns/new');
  });

  it('offers a first campaign when there is none', async () => {
    answerFunctions(call, { ...BASE_ANSWERS, listEmailCampaigns: () => ({ campaigns: [] }) });
    render();
    expect(await screen.findByText(EMPTY_CAMPAIGNS_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New campaign' })).toHaveAttribute('href', '/dashboard/email/campaigns/new');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says when the list cannot load, with a way to try again', async () => {
    answerFunctions(call, {
      ...BASE_ANSWERS,
      listEmailCampaigns: () => {
        throw new AppError('unavailable', 'Service temporarily unavailable. Please try again.');
      },
    });
    render();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Campaigns could not load');
    expect(alert).toHaveTextContent('Service temporarily unavailable. Please try again.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
