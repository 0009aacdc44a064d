import type { MyMembership } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testMyMembership } from '#src/features/memberships/lib/my-membership-data.ts';
import { answerFunctions } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const membership = testMyMembership({ invoices: [] });

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
