import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { advanced, overview } from '#src/testing/analytics-data.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { testStore } from '#src/testing/creator-kit.tsx';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { AnalyticsBody } from './analytics-body.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());


function renderWithFlag(advancedAnalytics: boolean) {
  answerFunctions(call, {
    getPlatformStatus: () => ({ maintenanceMode: false, maintenanceMessage: '', allowSignups: true, signupsOpen: true, featureFlags: { advancedAnalytics } }),
    listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }),
    getLiveVisitors: () => ({ visitors: 0, windowMinutes: 5 }),
    getAnalyticsOverview: () => overview(),
    getAdvancedAnalytics: () => advanced(),
  });
  return renderMode({ routes: [{ path: '/dashboard/analytics', element: <AnalyticsBody /> }], path: '/dashboard/analytics', resolution: resolutionFor('dashboard') });
}

describe('the Analytics page’s advanced section (advancedAnalytics flag)', { timeout: 15_000 }, () => {
  it('says the funnel is off, and never asks for it, while the flag is off', async () => {
    renderWithFlag(false);
    const section = (await screen.findByRole('heading', { name: 'Funnel and revenue by source' })).closest('section')!;
    expect(await within(section).findByTestId('advanced-analytics-off')).toHaveTextContent('An administrator can turn on Advanced analytics.');
    expect(within(section).queryByRole('table')).not.toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Referrers' })).toBeInTheDocument();
    expect(callsOf(call, 'getAdvancedAnalytics')).toEqual([]);
  });

  it('shows the funnel and revenue by source while the flag is on', async () => {
    renderWithFlag(true);
    expect(await screen.findByRole('table', { name: /^Funnel/ })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Revenue by referrer' })).toBeInTheDocument();
    expect(screen.queryByTestId('advanced-analytics-off')).not.toBeInTheDocument();
    expect(callsOf(call, 'getAdvancedAnalytics')).toEqual([{ storeId: 'store_1', period: '30d' }]);
  });
});
