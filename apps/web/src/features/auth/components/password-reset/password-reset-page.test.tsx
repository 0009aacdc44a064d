import { AppError, MESSAGES } from '@shopfront/core';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { advance, currentPath, renderAuth, settle } from '../auth-fixtures.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();

const change = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label, { exact: true }), { target: { value } });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

const happyPath = {
  sendVerificationCode: () => ({ sent: true, cooldownSeconds: 60 }),
  resendVerificationCode: () => ({ sent: true, cooldownSeconds: 60 }),
  verifyEmailCode: () => ({ verified: true }),
  confirmPasswordReset: () => ({ reset: true }),
};

async function toNewPassword() {
  change('Email', 'ada@example.com');
  click('Send reset code');
  await settle();
  expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
  change('Verification code', '654321');
  click('Continue');
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  answerFunctions(call, happyPath);
});
afterEach(() => {
  vi.useRealTimers();
  vi.clearAllMocks();
});

describe('password reset (spec §2, §4: email → verify-code → new-password → success)', () => {
  it('resets with a code and goes to /login after 3 s, with a visible note', async () => {
    const { router } = renderAuth('/password-reset');
    await toNewPassword();
    expect(screen.getByRole('heading', { name: 'Choose a new password' })).toBeInTheDocument();
    change('New password', 'brand-new');
    change('Confirm new password', 'brand-new');
    click('Set new password');
    await settle();

    expect(callsOf(call, 'sendVerificationCode')).toEqual([{ email: 'ada@example.com', type: 'password-reset' }]);
    expect(callsOf(call, 'verifyEmailCode')).toEqual([{ email: 'ada@example.com', code: '654321', type: 'password-reset' }]);
    expect(callsOf(call, 'confirmPasswordReset')).toEqual([{ email: 'ada@example.com', code: '654321', newPassword: 'brand-new' }]);
    expect(screen.getByRole('heading', { name: 'Password updated' })).toBeInTheDocument();
    expect(screen.getByText('Taking you to sign in…')).toBeInTheDocument();

    await advance(2_999);
    expect(currentPath(router)).toBe('/password-reset');
    await advance(1);
    expect(currentPath(router)).toBe('/login');
  });

  it("says 'Passwords do not match' and does not call the server", async () => {
    renderAuth('/password-reset');
    await toNewPassword();
    change('New password', 'brand-new');
    change('Confirm new password', 'brand-neW');
    click('Set new password');
    await settle();
    expect(screen.getByText(MESSAGES.validation.passwordsDoNotMatch)).toBeInTheDocument();
    expect(callsOf(call, 'confirmPasswordReset')).toHaveLength(0);
  });

  it('needs at least 6 characters: 5 is refused, 6 is accepted', async () => {
    renderAuth('/password-reset');
    await toNewPassword();
    change('New password', '12345');
    change('Confirm new password', '12345');
    click('Set new password');
    await settle();
    expect(screen.getByText(MESSAGES.validation.passwordTooShort)).toBeInTheDocument();
    change('New password', '123456');
    change('Confirm new password', '123456');
    click('Set new password');
    await settle();
    expect(callsOf(call, 'confirmPasswordReset')).toEqual([{ email: 'ada@example.com', code: '654321', newPassword: '123456' }]);
  });

  it('stays on the code step with the message when the code is wrong', async () => {
    answerFunctions(call, {
      ...happyPath,
      verifyEmailCode: () => {
        throw new AppError('invalid-argument', MESSAGES.verification.invalidCode);
      },
    });
    renderAuth('/password-reset');
    await toNewPassword();
    expect(screen.getByRole('heading', { name: 'Check your email' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.invalidCode);
  });

  it('offers a resend after the 60 s cooldown on the code step', async () => {
    renderAuth('/password-reset');
    change('Email', 'ada@example.com');
    click('Send reset code');
    await settle();
    expect(screen.getByRole('button', { name: /Resend code in/ })).toBeDisabled();
    await advance(60_000);
    click('Resend code');
    await settle();
    expect(callsOf(call, 'resendVerificationCode')).toEqual([{ email: 'ada@example.com', type: 'password-reset' }]);
  });

  it("stays on the email step with the server's message when sending fails", async () => {
    answerFunctions(call, {
      ...happyPath,
      sendVerificationCode: () => {
        throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests);
      },
    });
    renderAuth('/password-reset');
    change('Email', 'ada@example.com');
    click('Send reset code');
    await settle();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.tooManyRequests);
    expect(screen.getByRole('heading', { name: 'Reset your password' })).toBeInTheDocument();
  });
});
