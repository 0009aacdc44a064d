import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
    expect(await screen.findByRole('heading', { level: 1, name: /your store, your website/i })).toBeInTheDocument();
    // Cross-mode links are full page loads, so the dashboard mode resolves /login itself.
    const signIn = screen.getByRole('link', { name: 'Sign in' });
    expect(signIn).toHaveAttribute('href', '/login');
    expect(screen.getAllByRole('link', { name: /create your free store/i })[0]).toHaveAttribute('href', '/signup');
  });

  it('redirects any other path to /', async () => {
    const { router } = renderLanding('/pricing/enterprise');
    await screen.findByRole('heading', { level: 1, name: /your store, your website/i });
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
