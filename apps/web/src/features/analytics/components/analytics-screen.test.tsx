import { ANALYTICS_MESSAGES, AppError } from '@shopfront/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testStore } from '#src/testing/creator-kit.tsx';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { LIVE_REFRESH_MS } from '../api/analytics-api.ts';
import { advanced, emptyOverview, overview } from '#src/testing/analytics-data.ts';
import { AdvancedAnalytics } from './advanced-analytics.tsx';
import { AnalyticsScreen, EMPTY_ANALYTICS_TEXT } from './analytics-screen.tsx';

const call = fakeFunctions();

const listMyStores = () => ({ stores: [testStore()], activeStoreId: 'store_1' });
const getLiveVisitors = () => ({ visitors: 3, windowMinutes: 5 });
const noMemberships = {
  hasMemberships: false,
  currency: 'EUR',
  range: { from: '2026-10-24', to: '2026-11-22' },
  mrrCents: 0,
  activeMembers: 0,
  trialingMembers: 0,
  newMembers: 0,
  churn: { atStart: 0, ended: 0, rate: null },
  trialConversion: { trialsEnded: 0, converted: 0, rate: null },
};

function renderAnalytics(path = '/dashboard/analytics', { withAdvanced = false } = {}) {
  const element = <AnalyticsScreen advanced={withAdvanced ? (props) => <AdvancedAnalytics {...props} /> : undefined} />;
  return renderMode({ routes: [{ path: '/dashboard/analytics', element }], path, resolution: resolutionFor('dashboard') });
}

/** The page's answers; a store without memberships unless a test says otherwise. */
const answer = (handlers: Parameters<typeof answerFunctions>[1]) => answerFunctions(call, { getMembershipMetrics: () => noMemberships, ...handlers });

const kpi = (key: string) => screen.getByTestId(`kpi-${key}`);

/** What "Export CSV" saved: the file names and the text of each file. */
function captureDownloads() {
  const files: Array<{ name: string; blob: Blob }> = [];
  let pending: Blob | null = null;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (blob: Blob) => ((pending = blob), 'blob:csv'), revokeObjectURL: () => {} }));
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: pending! });
  });
  return files;
}
const textOf = (blob: Blob) => new Promise<string>((resolve) => {
  const reader = new FileReader();
  reader.onload = () => resolve(String(reader.result));
  reader.readAsText(blob);
});

beforeEach(() => {
  answer({ listMyStores, getLiveVisitors, getAnalyticsOverview: () => overview() });
});
afterEach(() => {
  vi.clearAllMocks();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('Analytics page', { timeout: 15_000 }, () => {
  it('shows the memberships’ MRR, members, churn and trial conversion for the period', async () => {
    answer({
      listMyStores,
      getLiveVisitors,
      getAnalyticsOverview: () => overview(),
      getMembershipMetrics: () => ({
        ...noMemberships,
        hasMemberships: true,
        mrrCents: 270_000,
        activeMembers: 41,
        trialingMembers: 3,
        newMembers: 7,
        churn: { atStart: 40, ended: 2, rate: 0.05 },
        trialConversion: { trialsEnded: 0, converted: 0, rate: null },
      }),
    });
    renderAnalytics('/dashboard/analytics?period=7d');
    const section = await screen.findByRole('region', { name: 'Memberships' });
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(2700);
    expect(within(section).getByTestId('membership-mrr')).toHaveTextContent(`Monthly recurring revenue${euros}`);
    expect(within(section).getByTestId('membership-members')).toHaveTextContent('Active members41Now; 3 of them in a trial');
    expect(within(section).getByTestId('membership-new')).toHaveTextContent('New members7Joined in this period');
    expect(within(section).getByTestId('membership-churn')).toHaveTextContent('Churn5%2 of 40 members left');
    expect(within(section).getByTestId('membership-trials')).toHaveTextContent('Trial conversion—No trial ended in this period');
    expect(callsOf(call, 'getMembershipMetrics').at(-1)).toEqual({ storeId: 'store_1', period: '7d' });
  });

  it('shows no memberships section for a store without memberships', async () => {
    renderAnalytics();
    await screen.findByTestId('kpi-visitors');
    await waitFor(() => expect(callsOf(call, 'getMembershipMetrics')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Memberships' })).not.toBeInTheDocument();
  });

  it('offers a retry when the membership numbers fail to load', async () => {
    let fail = true;
    answer({
      listMyStores,
      getLiveVisitors,
      getAnalyticsOverview: () => overview(),
      getMembershipMetrics: () => {
        if (fail) throw new AppError('unavailable', 'The server is busy.');
        return { ...noMemberships, hasMemberships: true, activeMembers: 2 };
      },
    });
    renderAnalytics();
    expect(await screen.findByText('Membership numbers could not load')).toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('membership-members')).toHaveTextContent('Active members2');
  });

  it('shows every total with its change from the previous period, in words and with the store currency', async () => {
    renderAnalytics();
    expect(await screen.findByTestId('kpi-visitors', undefined)).toHaveTextContent('Visitors1,120↑ +12% vs previous 30 days');
    expect(kpi('views')).toHaveTextContent('Page views2,400↓ −4% vs previous 30 days');
    expect(kpi('clicks')).toHaveTextContent('Link clicks310→ No change vs previous 30 days');
    expect(kpi('checkouts')).toHaveTextContent('Checkouts started40↑ Up from 0 vs previous 30 days');
    expect(kpi('sales')).toHaveTextContent('Sales12↑ +20% vs previous 30 days');
    const euros = new Intl.NumberFormat(undefined, { style: 'currency', currency: 'EUR' }).format(345);
    expect(kpi('revenue')).toHaveTextContent(`Revenue${euros}↑ +15% vs previous 30 days`);
    expect(kpi('conversion')).toHaveTextContent('Conversion rate1.1%↑ +0.1 pts vs previous 30 days');
    expect(screen.getByText(/Oct 24, 2026 – Nov 22, 2026, compared with Sep 24, 2026 – Oct 23, 2026/)).toHaveTextContent('Europe/Paris');
    expect(callsOf(call, 'getAnalyticsOverview')).toEqual([{ storeId: 'store_1', period: '30d' }]);
  });

  it('changes the period in the request and in the URL, and reads it back from the URL', async () => {
    const { router } = renderAnalytics('/dashboard/analytics?period=12m');
    await screen.findByTestId('kpi-visitors', undefined);
    expect(callsOf(call, 'getAnalyticsOverview')).toEqual([{ storeId: 'store_1', period: '12m' }]);
    expect(screen.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
    expect(kpi('visitors')).toHaveTextContent('vs previous 12 months');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() => expect(callsOf(call, 'getAnalyticsOverview').at(-1)).toEqual({ storeId: 'store_1', period: '7d' }));
    expect(router.state.location.search).toBe('?period=7d');
    await waitFor(() => expect(kpi('visitors')).toHaveTextContent('vs previous 7 days'));
    expect(screen.getByRole('button', { name: '7 days' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '7 days' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Today' }));
    await waitFor(() => expect(kpi('visitors')).toHaveTextContent('vs yesterday'));
    expect(router.state.location.search).toBe('?period=today');

    await user.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-11-09' } });
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsOf(call, 'getAnalyticsOverview').at(-1)).toEqual({ storeId: 'store_1', period: 'custom', from: '2026-11-01', to: '2026-11-09' }));
    expect(router.state.location.search).toBe('?period=custom&from=2026-11-01&to=2026-11-09');

    await user.click(screen.getByRole('button', { name: '30 days' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(callsOf(call, 'getAnalyticsOverview').at(-1)).toEqual({ storeId: 'store_1', period: '30d' });
  });

  it('checks a custom period before asking the server, with the server’s messages', async () => {
    const { router } = renderAnalytics();
    await screen.findByTestId('kpi-visitors', undefined);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Custom' }));
    const form = screen.getByRole('form', { name: 'Custom period' });
    const from = within(form).getByLabelText('From');
    const to = within(form).getByLabelText('To');

    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(ANALYTICS_MESSAGES.customRangeRequired);
    expect(from).toHaveAttribute('aria-invalid', 'true');

    fireEvent.change(from, { target: { value: '2026-11-10' } });
    fireEvent.change(to, { target: { value: '2026-11-09' } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(ANALYTICS_MESSAGES.rangeOrder);

    fireEvent.change(from, { target: { value: '2025-01-01' } });
    fireEvent.change(to, { target: { value: '2026-02-05' } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    expect(within(form).getByRole('alert')).toHaveTextContent(ANALYTICS_MESSAGES.rangeTooLong);
    expect(router.state.location.search).toBe('');

    fireEvent.change(to, { target: { value: '2026-02-04' } });
    await user.click(within(form).getByRole('button', { name: 'Apply' }));
    await waitFor(() => expect(callsOf(call, 'getAnalyticsOverview').at(-1)).toEqual({ storeId: 'store_1', period: 'custom', from: '2025-01-01', to: '2026-02-04' }));
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
    expect(router.state.location.search).toBe('?period=custom&from=2025-01-01&to=2026-02-04');
    expect(callsOf(call, 'getAnalyticsOverview').filter((input) => (input as { period: string }).period === 'custom')).toHaveLength(1);
  });

  it('asks nothing for a malformed custom period in the URL and says why', async () => {
    renderAnalytics('/dashboard/analytics?period=custom&from=2026-02-30&to=2026-03-01');
    expect(await screen.findByText(ANALYTICS_MESSAGES.invalidDay, undefined)).toBeInTheDocument();
    await screen.findByText('3 visitors in the last 5 minutes');
    expect(callsOf(call, 'getAnalyticsOverview')).toEqual([]);
  });

  it('shows the server’s refusal of a custom period', async () => {
    answer({
      listMyStores,
      getLiveVisitors,
      getAnalyticsOverview: () => {
        throw new AppError('invalid-argument', 'Analytics start on Jan 1, 2026.');
      },
    });
    renderAnalytics('/dashboard/analytics?period=custom&from=2025-12-01&to=2025-12-31');
    expect(await screen.findByText('Analytics start on Jan 1, 2026.', undefined)).toBeInTheDocument();
    expect(screen.getByText('Analytics could not load')).toBeInTheDocument();
  });

  it('shows the empty state with the store’s address when nothing was recorded', async () => {
    answer({ listMyStores, getLiveVisitors, getAnalyticsOverview: () => emptyOverview() });
    renderAnalytics();
    expect(await screen.findByRole('heading', { name: EMPTY_ANALYTICS_TEXT })).toBeInTheDocument();
    expect(screen.getByText('http://shopfront.test/cozy-mugs')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Open your store/ })).toHaveAttribute('href', 'http://shopfront.test/cozy-mugs');
    expect(screen.queryByTestId('kpi-visitors')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export CSV/ })).not.toBeInTheDocument();
  });

  it('shows the server’s error and retries', async () => {
    let fail = true;
    answer({
      listMyStores,
      getLiveVisitors,
      getAnalyticsOverview: () => {
        if (fail) throw new AppError('unavailable', 'The service is temporarily unavailable.');
        return overview();
      },
    });
    renderAnalytics();
    expect(await screen.findByText('The service is temporarily unavailable.', undefined)).toBeInTheDocument();
    expect(screen.queryByTestId('kpi-visitors')).not.toBeInTheDocument();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('kpi-visitors')).toHaveTextContent('1,120');
  });

  it('labels sources, countries and devices, and exports exactly a table’s rows as CSV, quoted and formula-safe', async () => {
    const rows = [
      { value: '', visitors: 600, views: 1300, sales: 7, revenueCents: 20_000 },
      { value: '=HYPERLINK("http://evil.example","x")', visitors: 5, views: 6, sales: 0, revenueCents: 0 },
      { value: 'news, "weekly"', visitors: 4, views: 4, sales: 1, revenueCents: 999 },
    ];
    answer({ listMyStores, getLiveVisitors, getAnalyticsOverview: () => overview({ referrers: rows }) });
    const files = captureDownloads();
    renderAnalytics();

    const referrers = await screen.findByRole('table', { name: 'Referrers' });
    const [, direct] = within(referrers).getAllByRole('row');
    expect(direct).toHaveTextContent('(direct / none)');
    expect(within(screen.getByRole('table', { name: 'UTM campaigns' })).getByText('(direct / none)')).toBeInTheDocument();
    const countries = within(screen.getByRole('table', { name: 'Countries' }));
    expect(countries.getByText('France')).toBeInTheDocument();
    expect(countries.getByText('Unknown')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Devices' })).getByText('Mobile')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /Top links/ })).getByText('5%')).toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: Referrers' }));
    expect(files.map((file) => file.name)).toEqual(['cozy-mugs-analytics-2026-10-24-to-2026-11-22-referrers.csv']);
    expect(await textOf(files[0]!.blob)).toBe(
      [
        'Referrer,Visitors,Page views,Sales,Revenue (EUR)',
        '(direct / none),600,1300,7,200.00',
        `"'=HYPERLINK(""http://evil.example"",""x"")",5,6,0,0.00`,
        '"news, ""weekly""",4,4,1,9.99',
        '',
      ].join('\r\n'),
    );
  });

  it('exports the links table with its click-through rate', async () => {
    const files = captureDownloads();
    renderAnalytics();
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Export CSV: Top links' }));
    expect(await textOf(files[0]!.blob)).toBe('Link,Address,Clicks,Click-through rate\r\nMy newsletter,https://news.example,120,5%\r\n');
  });

  it('switches the chart’s metric and describes it in words and a table', async () => {
    renderAnalytics();
    const chart = await screen.findByRole('heading', { name: 'Visitors over time' });
    const section = chart.closest('section')!;
    expect(within(section).getByText(/Visitors by day, Oct 24, 2026 – Nov 22, 2026: 1,120 in total \(previous period 1,000\); the most on Nov 22, 2026 \(75\)\./)).toBeInTheDocument();
    const table = within(section).getByRole('table', { name: 'Visitors by day, this period and the previous period' });
    expect(within(table).getAllByRole('row')[2]).toHaveTextContent('Nov 22, 20267520');

    await userEvent.setup().click(within(section).getByRole('button', { name: 'Revenue' }));
    expect(within(section).getByRole('heading', { name: 'Revenue over time' })).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Revenue' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(section).getByRole('table', { name: 'Revenue by day, this period and the previous period' })).toBeInTheDocument();
  });

  it('shows live visitors in a polite live region and asks again every 30 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let visitors = 3;
    answer({ listMyStores, getAnalyticsOverview: () => overview(), getLiveVisitors: () => ({ visitors, windowMinutes: 5 }) });
    renderAnalytics();
    const live = await screen.findByTestId('live-visitors', undefined);
    await waitFor(() => expect(live).toHaveTextContent('3 visitors in the last 5 minutes'));
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(callsOf(call, 'getLiveVisitors')).toEqual([{ storeId: 'store_1' }]);
    visitors = 1;
    await act(async () => {
      await vi.advanceTimersByTimeAsync(LIVE_REFRESH_MS);
    });
    await waitFor(() => expect(live).toHaveTextContent('1 visitor in the last 5 minutes'));
    expect(callsOf(call, 'getLiveVisitors')).toHaveLength(2);
  });

  it('shows the funnel with step-to-step conversion and revenue by source when the advanced slot is given', async () => {
    answer({ listMyStores, getLiveVisitors, getAnalyticsOverview: () => overview(), getAdvancedAnalytics: () => advanced() });
    const files = captureDownloads();
    renderAnalytics('/dashboard/analytics?period=7d', { withAdvanced: true });
    const funnel = await screen.findByRole('table', { name: /^Funnel/ });
    const [, store, product, checkout, bought] = within(funnel).getAllByRole('row');
    expect(store).toHaveTextContent('Viewed the store1,000—');
    expect(product).toHaveTextContent('Viewed a product40040%');
    expect(checkout).toHaveTextContent('Started checkout4010%');
    expect(bought).toHaveTextContent('Bought1025%');
    expect(within(screen.getByRole('table', { name: 'Revenue by UTM source' })).getByText('(direct / none)')).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: /Email campaigns to revenue/ })).getByText('November launch')).toBeInTheDocument();
    expect(callsOf(call, 'getAdvancedAnalytics')).toEqual([{ storeId: 'store_1', period: '7d' }]);

    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV: Funnel' }));
    expect(await textOf(files[0]!.blob)).toBe('Step,Visitors,From the step before\r\nViewed the store,1000,\r\nViewed a product,400,40%\r\nStarted checkout,40,10%\r\nBought,10,25%\r\n');
  });
});
