import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderForCreator, testStore } from '#src/testing/creator-kit.tsx';
import { StoreOfflineBanner } from './store-offline-banner.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

describe('StoreOfflineBanner', () => {
  it("shows the owner the admin's reason when their active store is unpublished for abuse", async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [testStore({ offlineReason: 'abuse', offlineNote: 'Resold courses' })], activeStoreId: 'store_1' }) });
    renderForCreator(<StoreOfflineBanner />);
    const banner = await screen.findByRole('region', { name: 'Store offline' });
    expect(banner).toHaveTextContent('Cozy Mugs is offline: a platform admin unpublished it');
    expect(banner).toHaveTextContent('Reason: Resold courses');
  });

  it('tells the owner of a store beyond the plan limit, with the way to the billing page', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [testStore({ offlineReason: 'plan-limit' })], activeStoreId: 'store_1' }) });
    renderForCreator(<StoreOfflineBanner />);
    const banner = await screen.findByRole('region', { name: 'Store offline' });
    expect(banner).toHaveTextContent('Cozy Mugs is offline: your plan has no room for it');
    expect(screen.getByRole('link', { name: 'Upgrade, or choose which stores stay published' })).toHaveAttribute('href', '/dashboard/settings/billing');
  });

  it('shows nothing while the store is online', async () => {
    answerFunctions(call, { listMyStores: () => ({ stores: [testStore()], activeStoreId: 'store_1' }) });
    renderForCreator(<><StoreOfflineBanner /><p>Loaded</p></>);
    await screen.findByText('Loaded');
    await vi.waitFor(() => expect(call).toHaveBeenCalled());
    expect(screen.queryByRole('region', { name: 'Store offline' })).not.toBeInTheDocument();
  });
});
