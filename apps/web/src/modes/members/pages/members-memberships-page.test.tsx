import type { MyMembership } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, type Mock } from 'vitest';
import { callFunction } from '#src/lib/call-function.ts';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

vi.mock('#src/lib/call-function.ts', () => ({ callFunction: vi.fn() }));
const call = callFunction as unknown as Mock;
afterEach(() => vi.clearAllMocks());

const membership: MyMembership = {
  id: 'mbr_1',
  productId: 'prd_club',
  tier: { id: 'mtr_1', name: 'Supporter' },
  status: 'active',
  interval: 'monthly',
  priceCents: 900,
  currency: 'USD',
  currentPeriodEnd: '2030-03-05T10:00:00.000Z',
  trialEnd: null,
  cancelAtPeriodEnd: false,
  cancelReason: null,
  accessUntil: '2030-03-06T10:00:00.000Z',
  nextCharge: { at: '2030-03-05T10:00:00.000Z', amountCents: 900 },
  invoices: [],
};

function answer(memberships: MyMembership[]) {
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: TEST_MEMBER }),
    getPlatformStatus: () => ({
      maintenanceMode: false,
      maintenanceMessage: '',
      allowSignups: true,
      signupsOpen: true,
      featureFlags: { websiteBuilder: false, affiliateProgram: false, advancedAnalytics: false, multiStore: true, customDomains: false },
    }),
    getMyPurchases: () => ({ purchases: [] }),
    getMemberEmailPreferences: () => ({ marketingConsent: false }),
    listMyMemberships: () => ({ memberships }),
  });
}

describe('members area: memberships', { timeout: 20_000 }, () => {
  it('is in the members nav for a member, and opens their memberships', async () => {
    answer([membership]);
    const { router } = renderMembers('/cozy-mugs/members');
    const nav = await screen.findByRole('navigation', { name: 'Members area' });
    await userEvent.setup().click(within(nav).getByRole('link', { name: 'Memberships' }));
    expect(await screen.findByRole('heading', { name: 'Your memberships' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/memberships');
    expect(await screen.findByRole('article', { name: 'Supporter' })).toHaveTextContent('Next charge $9.00 on Mar 5, 2030');
  });

  it('is not in the nav for a customer without memberships', async () => {
    answer([]);
    renderMembers('/cozy-mugs/members');
    await screen.findByRole('heading', { name: 'Your library' });
    await vi.waitFor(() => expect(call.mock.calls.some(([name]) => name === 'listMyMemberships')).toBe(true));
    expect(screen.queryByRole('link', { name: 'Memberships' })).not.toBeInTheDocument();
  });
});
