import { AppError, MESSAGES } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderAuth, signedIn } from '../auth-fixtures.tsx';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();

beforeEach(() => answerFunctions(call, { getAuthProviders: () => [] }));
afterEach(() => vi.clearAllMocks());

async function fillAndSubmit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Password', { exact: true }), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
  return user;
}

describe('login screen (spec §2, §5)', () => {
  it('shows the spec messages for an invalid email and a missing password, and calls nothing', async () => {
    renderAuth('/login');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsOf(call, 'signInWithPassword')).toHaveLength(0);
  });

  it('accepts a valid email with any non-empty password (no minimum at sign-in)', async () => {
    answerFunctions(call, { getAuthProviders: () => [], signInWithPassword: () => signedIn() });
    renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'x');
    await waitFor(() => expect(callsOf(call, 'signInWithPassword')).toEqual([{ email: 'ada@example.com', password: 'x' }]));
  });

  it('toggles the password between hidden and shown with a pressed state', async () => {
    renderAuth('/login');
    const user = userEvent.setup();
    const password = screen.getByLabelText('Password', { exact: true });
    expect(password).toHaveAttribute('type', 'password');
    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('links to password reset and to sign up', () => {
    renderAuth('/login');
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/password-reset');
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/signup');
  });

  it("shows the server's message when sign-in is refused", async () => {
    answerFunctions(call, {
      getAuthProviders: () => [],
      signInWithPassword: () => {
        throw new AppError('unauthenticated', MESSAGES.auth.invalidCredentials);
      },
    });
    const { router } = renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'wrong-password');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.auth.invalidCredentials);
    expect(currentPath(router)).toBe('/login');
  });

  it('goes to /dashboard after signing in', async () => {
    answerFunctions(call, { getAuthProviders: () => [], signInWithPassword: () => signedIn(), getCurrentUser: () => TEST_NEW_CREATOR });
    const { router } = renderAuth('/login');
    await fillAndSubmit('ada@example.com', 'secret');
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('goes to the remembered origin after signing in', async () => {
    answerFunctions(call, { getAuthProviders: () => [], signInWithPassword: () => signedIn(), getCurrentUser: () => TEST_NEW_CREATOR });
    const { router } = renderAuth('/login?origin=%2Fdashboard%2Femail%3Ftab%3Dsent');
    await fillAndSubmit('ada@example.com', 'secret');
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard/email?tab=sent');
  });

  it('ignores an origin on another host (//evil.example) and goes to /dashboard', async () => {
    answerFunctions(call, { getAuthProviders: () => [], signInWithPassword: () => signedIn(), getCurrentUser: () => TEST_NEW_CREATOR });
    const { router } = renderAuth('/login?origin=%2F%2Fevil.example');
    await fillAndSubmit('ada@example.com', 'secret');
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('asks for the authenticator code when multi-factor is required, then signs in', async () => {
    answerFunctions(call, {
      getAuthProviders: () => [],
      signInWithPassword: () => ({ status: 'mfa-required', mfaToken: 'mfa-1', factors: ['totp'] }),
      completeMfaSignIn: (data: { code: string }) => {
        if (data.code !== '123456') throw new AppError('unauthenticated', 'Invalid authentication code');
        return signedIn();
      },
      getCurrentUser: () => TEST_NEW_CREATOR,
    });
    const { router } = renderAuth('/login');
    const user = await fillAndSubmit('ada@example.com', 'secret');
    expect(await screen.findByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();

    const verify = screen.getByRole('button', { name: 'Verify and sign in' });
    await user.type(screen.getByLabelText('Authentication code'), '65432');
    expect(verify).toBeDisabled();
    await user.type(screen.getByLabelText('Authentication code'), '1');
    await user.click(verify);
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid authentication code');

    await user.clear(screen.getByLabelText('Authentication code'));
    await user.type(screen.getByLabelText('Authentication code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(callsOf(call, 'completeMfaSignIn')).toContainEqual({ mfaToken: 'mfa-1', code: '123456' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('redirects a visitor who is already signed in', async () => {
    const { router } = renderAuth('/login', { session: TEST_NEW_CREATOR });
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard');
  });
});

describe('login screen: what the OAuth routes hand back', () => {
  it('shows the cancelled state for ?oauth=cancelled and keeps only the origin in the address', async () => {
    const { router } = renderAuth('/login?oauth=cancelled&origin=%2Fdashboard%2Fsales');
    expect(screen.getByRole('status')).toHaveTextContent('Sign-in was cancelled');
    await waitFor(() => expect(currentPath(router)).toBe('/login?origin=%2Fdashboard%2Fsales'));
  });

  it("shows the provider's error message as text for ?oauth=error", () => {
    renderAuth('/login?oauth=error&message=%3Cb%3EGitHub%20said%20no%3C%2Fb%3E');
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('<b>GitHub said no</b>');
    expect(alert.querySelector('b')).toBeNull();
  });

  it('continues with the MFA step for ?mfa=<token>', async () => {
    answerFunctions(call, { getAuthProviders: () => [], completeMfaSignIn: () => signedIn(), getCurrentUser: () => TEST_NEW_CREATOR });
    const { router } = renderAuth('/login?mfa=tok-9');
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
    await waitFor(() => expect(currentPath(router)).toBe('/login'));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Authentication code'), '111222');
    await user.click(screen.getByRole('button', { name: 'Verify and sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(callsOf(call, 'completeMfaSignIn')).toEqual([{ mfaToken: 'tok-9', code: '111222' }]);
  });
});

describe('login screen: email me a sign-in link', () => {
  it('sends the link with the remembered origin and shows the check-your-inbox state', async () => {
    answerFunctions(call, { getAuthProviders: () => [], sendSignInLink: () => ({ sent: true }) });
    renderAuth('/login?origin=%2Fdashboard%2Fproducts');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await user.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByText('Check your inbox')).toBeInTheDocument();
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(callsOf(call, 'sendSignInLink')).toEqual([{ email: 'ada@example.com', continueUrl: '/dashboard/products' }]);
  });

  it("shows the server's refusal and stays on the form", async () => {
    answerFunctions(call, {
      getAuthProviders: () => [],
      sendSignInLink: () => {
        throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests);
      },
    });
    renderAuth('/login');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Email me a sign-in link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.verification.tooManyRequests);
  });
});
