import { AppError } from '@shopfront/core';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentPath, renderAuth, signedIn } from '../auth-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();
afterEach(() => vi.clearAllMocks());

describe('email-link landing page (/login/email-link)', () => {
  it('signs in with the token and email from the link and goes to the continue URL', async () => {
    answerFunctions(call, { signInWithEmailLink: () => signedIn() });
    const { router } = renderAuth('/login/email-link?token=tok-1&email=ada%40example.com&continueUrl=%2Fdashboard%2Fsales');
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard/sales');
    expect(callsOf(call, 'signInWithEmailLink')).toEqual([{ email: 'ada@example.com', token: 'tok-1' }]);
  });

  it('never follows a continue URL on another host', async () => {
    answerFunctions(call, { signInWithEmailLink: () => signedIn() });
    const { router } = renderAuth('/login/email-link?token=tok-1&email=ada%40example.com&continueUrl=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard');
  });

  it('asks for the email when the link does not carry it', async () => {
    answerFunctions(call, { signInWithEmailLink: () => signedIn() });
    const { router } = renderAuth('/login/email-link?token=tok-2');
    expect(screen.getByRole('heading', { name: 'Confirm your email' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(callsOf(call, 'signInWithEmailLink')).toEqual([{ email: 'ada@example.com', token: 'tok-2' }]);
    expect(currentPath(router)).toBe('/dashboard');
  });

  it("shows the server's refusal for a used or expired link, and removes the token from the address", async () => {
    answerFunctions(call, {
      signInWithEmailLink: () => {
        throw new AppError('invalid-argument', 'This sign-in link is invalid or has expired.');
      },
    });
    const { router } = renderAuth('/login/email-link?token=tok-3&email=ada%40example.com');
    expect(await screen.findByRole('alert')).toHaveTextContent('This sign-in link is invalid or has expired.');
    await waitFor(() => expect(currentPath(router)).toBe('/login/email-link'));
  });

  it('explains an incomplete link', () => {
    renderAuth('/login/email-link?email=ada%40example.com');
    expect(screen.getByRole('heading', { name: "This link doesn't work" })).toBeInTheDocument();
    expect(callsOf(call, 'signInWithEmailLink')).toHaveLength(0);
  });
});
