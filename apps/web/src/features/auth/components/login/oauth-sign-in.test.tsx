import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { oauthStartUrl, useOAuthPopup } from '#src/features/auth/hooks/use-oauth-popup.ts';
import { currentPath, renderAuth } from '../auth-fixtures.tsx';
import { TEST_NEW_CREATOR } from '#src/testing/creator-kit.tsx';
import { answerFunctions, callsOf } from '#src/testing/call-function-mock.ts';
import { fakeFunctions } from '#src/testing/fake-functions.ts';

const call = fakeFunctions();

const PROVIDERS = [
  { id: 'google', label: 'Google' },
  { id: 'github', label: 'GitHub' },
];

function fakePopup() {
  return { closed: false, close: vi.fn(function (this: { closed: boolean }) { this.closed = true; }), focus: vi.fn() };
}

function preferPopups() {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} }));
}

function postFromPopup(data: unknown, origin = window.location.origin) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin }));
  });
}

beforeEach(() => answerFunctions(call, { getAuthProviders: () => PROVIDERS, getCurrentUser: () => null }));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('social sign-in buttons', () => {
  it('shows one button per enabled provider', async () => {
    renderAuth('/login');
    expect(await screen.findByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toBeInTheDocument();
  });

  it('hides the whole section when no provider is enabled', async () => {
    answerFunctions(call, { getAuthProviders: () => [] });
    renderAuth('/login');
    await waitFor(() => expect(callsOf(call, 'getAuthProviders')).toHaveLength(1));
    expect(screen.queryByText(/or continue with/i)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /continue with/i })).not.toBeInTheDocument();
  });

  it('opens the provider in a 500×600 popup with the checked origin', async () => {
    preferPopups();
    const open = vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    renderAuth('/login?origin=%2Fdashboard%2Fsales');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with GitHub' }));
    expect(open).toHaveBeenCalledWith('/auth/oauth/github/start?origin=%2Fdashboard%2Fsales&mode=popup', 'shopfront-oauth', expect.stringContaining('width=500,height=600'));
    expect(screen.getByRole('button', { name: 'Continue with GitHub' })).toHaveTextContent('Waiting…');
  });

  it('shows "Sign-in was cancelled" when the popup is closed without an answer', async () => {
    preferPopups();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    renderAuth('/login');
    const button = await screen.findByRole('button', { name: 'Continue with Google' });
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    await userEvent.setup({ advanceTimers: vi.advanceTimersByTime }).click(button);

    act(() => vi.advanceTimersByTime(2_000));
    expect(screen.queryByText('Sign-in was cancelled')).not.toBeInTheDocument();
    popup.closed = true;
    act(() => vi.advanceTimersByTime(1_000));
    expect(screen.getByRole('status')).toHaveTextContent('Sign-in was cancelled');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  });

  it("shows the cancelled state the popup reports, and ignores other origins' messages", async () => {
    preferPopups();
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    renderAuth('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));

    postFromPopup({ type: 'shopfront-oauth', status: 'error', message: 'Evil says hi' }, 'https://evil.example');
    expect(screen.queryByText('Evil says hi')).not.toBeInTheDocument();
    postFromPopup({ type: 'other', status: 'cancelled' });
    expect(screen.queryByText('Sign-in was cancelled')).not.toBeInTheDocument();

    postFromPopup({ type: 'shopfront-oauth', status: 'cancelled' });
    expect(screen.getByRole('status')).toHaveTextContent('Sign-in was cancelled');
  });

  it("shows the popup's error message", async () => {
    preferPopups();
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    renderAuth('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    postFromPopup({ type: 'shopfront-oauth', status: 'error', message: 'Google sign-in failed. Please try again.' });
    expect(screen.getByRole('alert')).toHaveTextContent('Google sign-in failed. Please try again.');
  });

  it('signs in when the popup reports success: the session is read again and the visitor goes on', async () => {
    preferPopups();
    const popup = fakePopup();
    vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window);
    const { router } = renderAuth('/login?origin=%2Fdashboard%2Fproducts');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    answerFunctions(call, { getAuthProviders: () => PROVIDERS, getCurrentUser: () => TEST_NEW_CREATOR });
    postFromPopup({ type: 'shopfront-oauth', status: 'signed-in' });
    await screen.findByRole('heading', { name: 'Dashboard home' });
    expect(currentPath(router)).toBe('/dashboard/products');
    expect(popup.close).toHaveBeenCalled();
  });

  it('continues with the MFA step when the popup says multi-factor is required', async () => {
    preferPopups();
    vi.spyOn(window, 'open').mockReturnValue(fakePopup() as unknown as Window);
    renderAuth('/login');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Continue with Google' }));
    postFromPopup({ type: 'shopfront-oauth', status: 'mfa-required', mfaToken: 'mfa-7' });
    expect(screen.getByRole('heading', { name: 'Two-step verification' })).toBeInTheDocument();
  });
});

describe('useOAuthPopup', () => {
  it('falls back to the redirect flow when the popup is blocked', () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    const redirect = vi.fn();
    const { result } = renderHook(() => useOAuthPopup({ onSignedIn: vi.fn(), onMfaRequired: vi.fn(), redirect }));
    act(() => result.current.start('google', '/dashboard'));
    expect(redirect).toHaveBeenCalledWith('/auth/oauth/google/start?origin=%2Fdashboard&mode=redirect');
    expect(result.current.state.status).toBe('idle');
  });

  it('builds the start URL with the flow and an encoded origin', () => {
    expect(oauthStartUrl('oidc', '/dashboard/email?x=1', 'redirect')).toBe('/auth/oauth/oidc/start?origin=%2Fdashboard%2Femail%3Fx%3D1&mode=redirect');
  });
});
