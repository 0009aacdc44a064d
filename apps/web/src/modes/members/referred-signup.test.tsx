import { AppError, type CustomerAccount } from '@shopfront/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_KEY, PENDING_REFERRAL } from '#src/features/storefront/referral.ts';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';
import { renderMembers, STORE_REF, TEST_MEMBER } from './members-fixtures.tsx';

const call = fakeFunctions();
beforeEach(() => sessionStorage.clear());
afterEach(() => vi.clearAllMocks());

function answer({ trackFails = false } = {}) {
  let current: CustomerAccount | null = null;
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: current }),
    sendCustomerCode: () => ({ sent: true }),
    customerSignUp: ({ code }: { code: string }) => {
      if (code !== '123456') throw new AppError('invalid-argument', 'Wrong code');
      current = TEST_MEMBER;
      return { customer: TEST_MEMBER };
    },
    trackAffiliateSignup: () => {
      if (trackFails) throw new AppError('unavailable', 'Down');
      return null;
    },
    getMyPurchases: () => ({ purchases: [] }),
  });
}

async function signUp(code = '123456') {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), 'secret1');
  await user.type(screen.getByLabelText('Confirm password'), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(await screen.findByLabelText('Verification code'), code);
  await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
  return user;
}

describe('a members signup in a referred session', () => {
  it('reports the signup with the session’s referral, the new customer and the browser', async () => {
    sessionStorage.setItem(PENDING_REFERRAL, 'ANN42XYZ');
    sessionStorage.setItem(FINGERPRINT_KEY, '0123456789abcdef');
    answer();
    renderMembers('/cozy-mugs/members/signup');
    await signUp();
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    await vi.waitFor(() => expect(callsOf(call, 'trackAffiliateSignup')).toHaveLength(1));
    expect(callsOf(call, 'trackAffiliateSignup')).toEqual([
      {
        storeId: 's1',
        referralCode: 'ANN42XYZ',
        customerId: TEST_MEMBER.id,
        customerEmail: TEST_MEMBER.email,
        customerName: TEST_MEMBER.name,
        fingerprint: '0123456789abcdef',
        userAgent: navigator.userAgent,
        timezone: Intl.DateTimeFormat().resolvedOptions().timeZone,
        language: navigator.language,
      },
    ]);
  });

  it('reports nothing without a referral', async () => {
    answer();
    renderMembers('/cozy-mugs/members/signup');
    await signUp();
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(callsOf(call, 'trackAffiliateSignup')).toEqual([]);
  });

  it('does not report a refused signup', async () => {
    sessionStorage.setItem(PENDING_REFERRAL, 'ANN42XYZ');
    answer();
    renderMembers('/cozy-mugs/members/signup');
    await signUp('999999');
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong code');
    expect(callsOf(call, 'trackAffiliateSignup')).toEqual([]);
  });

  it('goes on to the page the visitor came from when the report fails', async () => {
    sessionStorage.setItem(PENDING_REFERRAL, 'ANN42XYZ');
    answer({ trackFails: true });
    const { router } = renderMembers('/cozy-mugs/members/signup?origin=%2Faffiliate');
    await signUp();
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/cozy-mugs/members/affiliate'));
    await vi.waitFor(() => expect(callsOf(call, 'trackAffiliateSignup')).toHaveLength(1));
    expect(screen.queryByText('Down')).not.toBeInTheDocument();
  });
});
