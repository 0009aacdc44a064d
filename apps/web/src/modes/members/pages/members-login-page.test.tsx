import { AppError, MESSAGES, type CustomerAccount } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM, DOMAIN_KEY, renderMembers, STORE_REF, TEST_MEMBER, testPurchase } from '../members-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

const PASSWORD = 'correct horse';

function answer({ session = null as CustomerAccount | null } = {}) {
  let current = session;
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: current }),
    customerSignIn: ({ password }: { password: string }) => {
      if (password !== PASSWORD) throw new AppError('unauthenticated', MESSAGES.auth.invalidCredentials);
      current = TEST_MEMBER;
      return { customer: TEST_MEMBER };
    },
    sendCustomerCode: () => ({ sent: true }),
    customerResetPassword: ({ code }: { code: string }) => {
      if (code !== '123456') throw new AppError('invalid-argument', MESSAGES.verification.invalidCode);
      current = TEST_MEMBER;
      return { customer: TEST_MEMBER };
    },
    getMyPurchases: () => ({ purchases: [testPurchase()] }),
  });
}

async function signIn(password = PASSWORD) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('members login', () => {
  it('signs in and returns to the page that asked for it', async () => {
    answer();
    const { router } = renderMembers('/cozy-mugs/members/orders?page=2');
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await signIn();
    expect(await screen.findByRole('heading', { name: 'Your purchases' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/orders');
    expect(router.state.location.search).toBe('?page=2');
    expect(callsOf(call, 'customerSignIn')).toEqual([{ storeId: 's1', email: 'grace@example.com', password: PASSWORD }]);
  });

  it.each([['//evil.example/x'], ['https://evil.example'], ['/\\evil.example']])('ignores an unsafe origin (%s) and goes to the members home', async (origin) => {
    answer();
    const { router } = renderMembers(`/members/login?origin=${encodeURIComponent(origin)}`, { resolution: CUSTOM, storeKey: DOMAIN_KEY });
    await signIn();
    await screen.findByRole('heading', { name: 'Your purchases' });
    expect(router.state.location.pathname).toBe('/members');
  });

  it("shows the server's message when the password is wrong, and stays", async () => {
    answer();
    const { router } = renderMembers('/cozy-mugs/members/login');
    await signIn('wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidCredentials);
    expect(router.state.location.pathname).toBe('/cozy-mugs/members/login');
  });

  it('checks the form before calling the server', async () => {
    answer();
    renderMembers('/cozy-mugs/members/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsOf(call, 'customerSignIn')).toEqual([]);
  });

  it('shows and hides the password', async () => {
    answer();
    renderMembers('/cozy-mugs/members/login');
    const user = userEvent.setup();
    const password = await screen.findByLabelText('Password');
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
  });

  it('sends a signed-in customer on to the members home', async () => {
    answer({ session: TEST_MEMBER });
    const { router } = renderMembers('/cozy-mugs/members/login');
    await screen.findByRole('heading', { name: 'Your purchases' });
    expect(router.state.location.pathname).toBe('/cozy-mugs/members');
  });

  it('resets a forgotten password with the emailed code and signs in', async () => {
    answer();
    const { router } = renderMembers('/cozy-mugs/members/login');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email'), 'grace@example.com');
    await user.click(screen.getByRole('button', { name: 'Send reset code' }));
    expect(callsOf(call, 'sendCustomerCode')).toEqual([{ storeId: 's1', email: 'grace@example.com', type: 'password-reset' }]);

    await user.type(await screen.findByLabelText('Verification code'), '654321');
    await user.type(screen.getByLabelText('New password'), 'new-secret');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secreT');
    await user.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsOf(call, 'customerResetPassword')).toEqual([]);

    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret');
    await user.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verification.invalidCode);

    await user.clear(screen.getByLabelText('Verification code'));
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    await screen.findByRole('heading', { name: 'Your purchases' });
    expect(router.state.location.pathname).toBe('/cozy-mugs/members');
    await waitFor(() =>
      expect(callsOf(call, 'customerResetPassword').at(-1)).toEqual({ storeId: 's1', email: 'grace@example.com', code: '123456', password: 'new-secret', confirmPassword: 'new-secret' }),
    );
  });
});
