import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PLATFORM_STATUS_QUERY_KEY } from '#src/lib/use-platform-status.ts';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { websitePageData } from '#src/testing/website-data.ts';
import { createRoutes } from './routes.tsx';

afterEach(() => vi.unstubAllGlobals());

// The website preview (the website's blocks and themes) is a lazy chunk compiled on its first
// import: more than findBy's 5 s on a busy machine. It loads here, on its own budget; the route
// still loads it through lazy(), and the tests wait only for the page.
beforeAll(async () => {
  await import('./pages/website-preview-page.tsx');
}, 60_000);

function renderLanding(path: string) {
  vi.stubGlobal('fetch', stubFunctions({}).fetchStub);
  return renderMode({ routes: createRoutes(), path, resolution: resolutionFor('landing') });
}

const hero = (heading: string) => ({ type: 'Hero' as const, props: { id: 'h', heading, subheading: '', align: 'left' as const } });

function renderPreview(path: string, answer?: { status?: number; body: unknown }) {
  const stub = stubFunctions({
    getPublishedWebsitePage: (data) => answer ?? { body: { result: websitePageData([hero(`Page ${(data as { pageSlug: string }).pageSlug}`)]) } },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderMode({ routes: createRoutes(), path, resolution: resolutionFor('landing') });
  return stub.calls;
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
    // Nothing invites a signup that would be refused: the way in is signing in.
    expect(screen.queryByRole('link', { name: 'Start selling' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /create your free store/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get started' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Sign in' })[0]).toHaveAttribute('href', '/login');
    closed.unmount();

    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: { ...status, maintenanceMode: false, signupsOpen: true } } }) }).fetchStub);
    const { queryClient } = renderMode({ routes: createRoutes(), path: '/', resolution: resolutionFor('landing') });
    await waitFor(() => expect(queryClient.getQueryState(PLATFORM_STATUS_QUERY_KEY)?.status).toBe('success'));
    expect(screen.getByRole('heading', { level: 1, name: /your store, your products/i })).toBeInTheDocument();
    expect(screen.queryByTestId('maintenance-notice')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Start selling' })).toHaveAttribute('href', '/signup');
  });

  it('says signups are closed for now, without maintenance wording, when an admin closed them (allowSignups off)', async () => {
    const status = { maintenanceMode: false, maintenanceMessage: 'New signups are closed for now.', allowSignups: false, signupsOpen: false, featureFlags: {} };
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: status } }) }).fetchStub);
    renderMode({ routes: createRoutes(), path: '/', resolution: resolutionFor('landing') });
    const notice = await screen.findByTestId('maintenance-notice');
    expect(notice).toHaveTextContent('New signups are closed for now.');
    expect(notice).not.toHaveTextContent('maintenance');
    expect(screen.queryByRole('link', { name: 'Start selling' })).not.toBeInTheDocument();
  });

  it('replaces /signup with "Signups are closed" when an admin closed them, and with the maintenance screen in maintenance', async () => {
    const closedStatus = { maintenanceMode: false, maintenanceMessage: 'New signups are closed for now.', allowSignups: false, signupsOpen: false, featureFlags: {} };
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: closedStatus } }) }).fetchStub);
    const closed = renderMode({ routes: createRoutes(), path: '/signup', resolution: resolutionFor('landing') });
    expect(await screen.findByRole('heading', { name: 'Signups are closed' })).toBeInTheDocument();
    expect(screen.getByText('New signups are closed for now.')).toBeInTheDocument();
    expect(screen.queryByText(/maintenance/)).not.toBeInTheDocument();
    closed.unmount();

    const maintenance = { ...closedStatus, maintenanceMode: true, allowSignups: true, maintenanceMessage: 'Back at 5 pm UTC.' };
    vi.stubGlobal('fetch', stubFunctions({ getPlatformStatus: () => ({ body: { result: maintenance } }) }).fetchStub);
    renderMode({ routes: createRoutes(), path: '/signup', resolution: resolutionFor('landing') });
    expect(await screen.findByRole('heading', { name: "We'll be right back" })).toBeInTheDocument();
    expect(screen.getByText('Back at 5 pm UTC.')).toBeInTheDocument();
  });

  it('redirects any other path to /', async () => {
    const { router } = renderLanding('/pricing/enterprise');
    await screen.findByRole('heading', { level: 1, name: /your store, your products/i });
    expect(router.state.location.pathname).toBe('/');
  });

  it('previews a published website page, home by default', async () => {
    const calls = renderPreview('/website/cozy-mugs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page home' })).toBeInTheDocument();
    expect(screen.getByText(/website preview on a development host/i)).toBeInTheDocument();
    expect(calls[0]?.data).toEqual({ slug: 'cozy-mugs', pageSlug: 'home' });
  });

  it('previews a named website page', async () => {
    renderPreview('/website/cozy-mugs/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page about' })).toBeInTheDocument();
  });

  it('shows Website Not Found with the slug when nothing is published there', async () => {
    renderPreview('/website/ghost-shop/about', { status: 404, body: { error: { status: 'NOT_FOUND', message: 'The requested resource was not found' } } });
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('ghost-shop')).toBeInTheDocument();
  });
});
