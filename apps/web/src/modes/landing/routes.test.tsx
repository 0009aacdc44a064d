import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLATFORM_STATUS_QUERY_KEY } from '#src/lib/use-platform-status.ts';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const store = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null, isBioDomain: false };

afterEach(() => vi.unstubAllGlobals());

function renderLanding(path: string, lookupResult: unknown = { result: store }) {
  vi.stubGlobal('fetch', stubFunctions({ lookupStore: () => ({ body: lookupResult }) }).fetchStub);
  return renderMode({ routes: createRoutes(), path, resolution: resolutionFor('landing') });
}

describe('landing mode (spec §2)', () => {
  it('shows the marketing page with sign-up and sign-in links into the dashboard', async () => {
    renderLanding('/');
    expect(await screen.findByRole('heading', { level: 1, name: /your store, your products/i })).toBeInTheDocument();
    // Cross-mode links are full page loads, so the dashboard mode resolves /login itself.
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: /create your free store/i })[0]).toHaveAttribute('href', '/signup');
  });

  it('shows the maintenance message above the page while signups are closed, and nothing while they are open', async () => {
    const status = { maintenanceMode: true, maintenanceMessage: 'Back at 5 pm UTC.', allowSignups: true, signupsOpen: false, featureFlags: {} };
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: status } }) }).fetchStub);
    const closed = renderMode({ routes: createRoutes(), path: '/', resolution: resolutionFor('landing') });
    const notice = await screen.findByTestId('maintenance-notice');
    expect(notice).toHaveTextContent('New signups are paused while we do some maintenance.');
    expect(notice).toHaveTextContent('Back at 5 pm UTC.');
    closed.unmount();

    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: { ...status, maintenanceMode: false, signupsOpen: true } } }) }).fetchStub);
    const { queryClient } = renderMode({ routes: createRoutes(), path: '/', resolution: resolutionFor('landing') });
    await waitFor(() => expect(queryClient.getQueryState(PLATFORM_STATUS_QUERY_KEY)?.status).toBe('success'));
    expect(screen.getByRole('heading', { level: 1, name: /your store, your products/i })).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();
  });

  it('redirects any other path to /', async () => {
    const { router } = renderLanding('/pricing/enterprise');
    await screen.findByRole('heading', { level: 1, name: /your store, your products/i });
    expect(router.state.location.pathname).toBe('/');
  });

  it('previews a website page, home by default', async () => {
    renderLanding('/website/cozy-mugs');
    expect(await screen.findByText('Preview · home')).toBeInTheDocument();
    expect(screen.getByText(/website preview on a development host/i)).toBeInTheDocument();
  });

  it('previews a named website page', async () => {
    renderLanding('/website/cozy-mugs/about');
    expect(await screen.findByText('Preview · about')).toBeInTheDocument();
  });

  it('shows Website Not Found with the slug when the preview fails', async () => {
    renderLanding('/website/ghost-shop/about', { result: null });
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('ghost-shop')).toBeInTheDocument();
  });
});
