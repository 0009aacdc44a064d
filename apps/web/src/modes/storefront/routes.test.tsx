import type { StoreKey, StorefrontData } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const key: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
const resolution = resolutionFor('storefront', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs' });
const data = (isPreview = false): StorefrontData => ({
  store: {
    id: 's1',
    slug: 'cozy-mugs',
    customDomain: null,
    profile: {
      name: isPreview ? 'Cozy Mugs (draft)' : 'Cozy Mugs',
      description: 'Hand-thrown mugs.',
      avatarUrl: null,
      socialLinks: [],
      links: [{ id: 'a', title: 'Shop the drop', url: 'https://example.com/drop' }],
      theme: 'mocha-mood',
      themeOverrides: { colors: {} },
      productLayout: { order: [], hidden: [] },
    },
  },
  products: [],
  isPreview,
  canonicalUrl: 'http://shopfront.test/cozy-mugs',
});

function renderStorefront(path: string, answer: (input: unknown) => { status?: number; body: unknown }) {
  const stub = stubFunctions({ getStorefront: answer });
  vi.stubGlobal('fetch', stub.fetchStub);
  return { ...renderMode({ routes: createRoutes(), path, resolution, storeKey: key }), calls: stub.calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('storefront mode in the SPA (spec §2)', () => {
  it('shows the store in its theme on any path under the store', async () => {
    const { calls } = renderStorefront('/cozy-mugs/anything/here', () => ({ body: { result: data() } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy Mugs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop the drop' })).toHaveAttribute('href', 'https://example.com/drop');
    expect(calls).toEqual([{ name: 'getStorefront', data: { slug: 'cozy-mugs' } }]);
    expect(screen.queryByText('Preview — not published')).not.toBeInTheDocument();
  });

  it('links to the members area of the store', async () => {
    renderStorefront('/cozy-mugs', () => ({ body: { result: data() } }));
    expect(await screen.findByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/cozy-mugs/members/login');
  });

  it('asks for the draft with ?preview=true and shows what the server answers', async () => {
    const { calls } = renderStorefront('/cozy-mugs?preview=true', () => ({ body: { result: data(true) } }));
    expect(await screen.findByText('Preview — not published')).toBeInTheDocument();
    expect(calls).toEqual([{ name: 'getStorefront', data: { slug: 'cozy-mugs', preview: true } }]);
  });

  it('shows Store Not Found without store data', async () => {
    renderStorefront('/cozy-mugs', () => ({ body: { result: null } }));
    expect(await screen.findByRole('heading', { name: 'Store Not Found' })).toBeInTheDocument();
  });

  it('shows Store Not Found when the read fails', async () => {
    renderStorefront('/cozy-mugs', () => ({ status: 503, body: { error: { status: 'UNAVAILABLE', message: 'down' } } }));
    expect(await screen.findByRole('heading', { name: 'Store Not Found' })).toBeInTheDocument();
  });
});
