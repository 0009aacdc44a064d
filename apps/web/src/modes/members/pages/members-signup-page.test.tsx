import { AppError, MESSAGES, type CustomerAccount } from '@shopfront/core';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CUSTOM, DOMAIN_KEY, renderMembers, STORE_REF, TEST_MEMBER } from '../members-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

function answer({ sendFails = false } = {}) {
  let current: CustomerAccount | null = null;
  answerFunctions(call, {
    lookupStore: () => STORE_REF,
    getCustomerSession: () => ({ customer: current }),
    sendCustomerCode: () => {
      if (sendFails) throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests);
      return { sent: true };
    },
    customerSignUp: ({ code }: { code: string }) => {
      if (code !== '123456') throw new AppError('invalid-argument', MESSAGES.verification.invalidCode);
      current = TEST_MEMBER;
      return { customer: TEST_MEMBER };
    },
    getMyPurchases: () => ({ purchases: [] }),
  });
}

async function fillDetails(password = 'secret1', confirm = password) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Name'), 'Grace Hopper');
  await user.type(screen.getByLabelText('Email'), 'grace@example.com');
  await user.type(screen.getByLabelText('Password'), password);
  await user.type(screen.getByLabelText('Confirm password'), confirm);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  return user;
}

describe('members signup', () => {
  it('says the passwords do not match, without calling the server', async () => {
    answer();
    renderMembers('/cozy-mugs/members/signup');
    await fillDetails('secret1', 'secret2');
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(callsOf(call, 'sendCustomerCode')).toEqual([]);
  });

  it('refuses 5 characters and takes 6', async () => {
    answer();
    renderMembers('/cozy-mugs/members/signup');
    const user = await fillDetails('12345');
    expect(await screen.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(callsOf(call, 'sendCustomerCode')).toEqual([]);
    await user.type(screen.getByLabelText('Password'), '6');
    await user.type(screen.getByLabelText('Confirm password'), '6');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  });

  it('asks for the name', async () => {
    answer();
    renderMembers('/cozy-mugs/members/signup');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Please enter your name')).toBeInTheDocument();
  });

  it("stays on the details step with the server's message when the code cannot be sent", async () => {
    answer({ sendFails: true });
    renderMembers('/cozy-mugs/members/signup');
    await fillDetails();
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verification.tooManyRequests);
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
  });

  it('sends a code, verifies it and opens the members home', async () => {
    answer();
    const { router } = renderMembers('/members/signup', { resolution: CUSTOM, storeKey: DOMAIN_KEY });
    expect(await screen.findByText('Step 1 of 2: Your details')).toBeInTheDocument();
    const user = await fillDetails();
    expect(await screen.findByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByText('Step 2 of 2: Verify email')).toBeInTheDocument();
    expect(callsOf(call, 'sendCustomerCode')).toEqual([{ storeId: 's1', email: 'grace@example.com', type: 'signup' }]);
    expect(screen.getByText(/bought from this store with this email will appear in your account/)).toBeInTheDocument();
    expect(screen.getByText('grace@example.com')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();

    const code = screen.getByLabelText('Verification code');
    await user.type(code, '12a3');
    expect(code).toHaveValue('123');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(screen.getByText('Please enter the 6-digit code')).toBeInTheDocument();
    expect(callsOf(call, 'customerSignUp')).toEqual([]);

    await user.type(code, '999');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verification.invalidCode);

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
    expect(await screen.findByRole('heading', { name: 'No purchases yet' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/members');
    expect(callsOf(call, 'customerSignUp').at(-1)).toEqual({
      storeId: 's1',
      name: 'Grace Hopper',
      email: 'grace@example.com',
      password: 'secret1',
      confirmPassword: 'secret1',
      code: '123456',
    });
  });

  it('goes back to the details, filled in, to use a different email', async () => {
    answer();
    renderMembers('/cozy-mugs/members/signup');
    const user = await fillDetails();
    await user.click(await screen.findByRole('button', { name: 'Use a different email' }));
    expect(screen.getByLabelText('Email')).toHaveValue('grace@example.com');
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
  });
});
