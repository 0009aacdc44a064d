import { AppError, MESSAGES } from '@shopfront/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ResendCode } from './resend-code.tsx';

beforeEach(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] }));
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => act(async () => {
  await vi.advanceTimersByTimeAsync(ms);
});

describe('resend code (spec §4/§9: 60 s cooldown with a visible countdown)', () => {
  it('counts down from 60 s, is disabled at 59 s and enabled at 60 s', async () => {
    render(<ResendCode onResend={async () => {}} />);
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
    await advance(1_000);
    expect(screen.getByRole('button', { name: 'Resend code in 59s' })).toBeDisabled();
    await advance(58_000);
    expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
    await advance(999);
    expect(screen.getByRole('button', { name: 'Resend code in 1s' })).toBeDisabled();
    await advance(1);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });

  it('sends again and restarts the countdown', async () => {
    const onResend = vi.fn(async () => ({ sent: true }));
    render(<ResendCode onResend={onResend} />);
    await advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await advance(0);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('status')).toHaveTextContent('A new code is on its way');
    expect(screen.getByRole('button', { name: 'Resend code in 60s' })).toBeDisabled();
  });

  it("shows the server's refusal and lets the creator try again", async () => {
    const onResend = vi.fn(async () => {
      throw new AppError('resource-exhausted', MESSAGES.verification.tooManyRequests);
    });
    render(<ResendCode onResend={onResend} />);
    await advance(60_000);
    fireEvent.click(screen.getByRole('button', { name: 'Resend code' }));
    await advance(0);
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.verification.tooManyRequests);
    expect(screen.getByRole('button', { name: 'Resend code' })).toBeEnabled();
  });
});
