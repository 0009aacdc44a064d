import { AppError, type MembershipMetrics } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { OverviewPage } from './overview-page.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const metrics = (overrides: Partial<MembershipMetrics> = {}): MembershipMetrics => ({
  hasMemberships: true,
  currency: 'USD',
  range: { from: '2030-02-04', to: '2030-03-05' },
  mrrCents: 4_900,
  activeMembers: 6,
  trialingMembers: 2,
  newMembers: 3,
  churn: { atStart: 4, ended: 1, rate: 0.25 },
  trialConversion: { trialsEnded: 3, converted: 2, rate: 2 / 3 },
  ...overrides,
});
const stats = (products: number) => () => ({ customers: 0, products, orders: 0, emailCampaigns: 0 });
const answer = (handlers: Parameters<typeof answerFunctions>[1], products = 2) =>
  answerFunctions(call, { listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }), getStoreStats: stats(products), ...handlers });
const render = () => renderForCreator(<OverviewPage />, { path: '/dashboard' });
const card = () => screen.findByRole('region', { name: 'Memberships' });
const tile = (section: HTMLElement, label: string) => within(section).getByText(label).parentElement!;

describe('/dashboard: membership numbers on the overview', { timeout: 20_000 }, () => {
  it('shows MRR, active members, churn and trial conversion over the last 30 days, with the way to Analytics', async () => {
    answer({ getMembershipMetrics: () => metrics() });
    render();
    const section = await card();
    expect(tile(section, 'Monthly recurring revenue')).toHaveTextContent('$49.00');
    expect(tile(section, 'Active members')).toHaveTextContent('6Now; 2 of them in a trial');
    expect(tile(section, 'Churn')).toHaveTextContent('25%1 of 4 members left');
    expect(tile(section, 'Trial conversion')).toHaveTextContent('66.7%2 of 3 ended trials paid');
    expect(within(section).queryByText('New members')).not.toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'More in Analytics' })).toHaveAttribute('href', '/dashboard/analytics');
    expect(callsOf(call, 'getMembershipMetrics')).toEqual([{ storeId: 'store_1', period: '30d' }]);
  });

  it('shows nothing for a store without a membership product, and asks nothing for a store without products', async () => {
    answer({ getMembershipMetrics: () => metrics({ hasMemberships: false, mrrCents: 0, activeMembers: 0 }) });
    const first = render();
    await waitFor(() => expect(callsOf(call, 'getMembershipMetrics')).toHaveLength(1));
    expect(await screen.findByRole('region', { name: 'Next steps' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Memberships' })).not.toBeInTheDocument();
    expect(screen.queryByRole('status', { name: /Loading membership numbers/ })).not.toBeInTheDocument();
    first.unmount();

    vi.clearAllMocks();
    answer({ getMembershipMetrics: () => metrics() }, 0);
    render();
    expect(await screen.findByRole('link', { name: /Add your first product/ })).toBeInTheDocument();
    expect(callsOf(call, 'getMembershipMetrics')).toEqual([]);
    expect(screen.queryByRole('region', { name: 'Memberships' })).not.toBeInTheDocument();
  });

  it('says so while loading, and when the membership has no members yet', async () => {
    let release: (value: MembershipMetrics) => void = () => {};
    answer({ getMembershipMetrics: () => new Promise<MembershipMetrics>((resolve) => (release = resolve)) });
    render();
    expect(await screen.findByText('Loading membership numbers')).toBeInTheDocument();
    release(metrics({ mrrCents: 0, activeMembers: 0, trialingMembers: 0, newMembers: 0, churn: { atStart: 0, ended: 0, rate: null }, trialConversion: { trialsEnded: 0, converted: 0, rate: null } }));
    const section = await card();
    expect(within(section).getByText(/No members yet\./)).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Share your membership’s page' })).toHaveAttribute('href', '/dashboard/products/members');
    expect(screen.queryByText('Loading membership numbers')).not.toBeInTheDocument();
  });

  it('says when the numbers could not load, and tries again', async () => {
    let tries = 0;
    answer({
      getMembershipMetrics: () => {
        if (++tries === 1) throw new AppError('unavailable', 'The server is busy.');
        return metrics();
      },
    });
    render();
    expect(await screen.findByText('Membership numbers could not load')).toBeInTheDocument();
    expect(screen.getByText(/The server is busy\./)).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(tile(await card(), 'Monthly recurring revenue')).toHaveTextContent('$49.00');
  });
});
