import type { StoreKey } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '../../test/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const key: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
const store = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: null, isBioDomain: false };
const resolution = resolutionFor('storefront', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs' });

function renderStorefront(path: string, lookup: () => { status?: number; body: unknown }) {
  const stub = stubFunctions({ lookupStore: lookup });
  vi.stubGlobal('fetch', stub.fetchStub);
  return { ...renderMode({ routes: createRoutes(), path, resolution, storeKey: key }), calls: stub.calls };
}

afterEach(() => vi.unstubAllGlobals());

describe('storefront mode (spec §2)', () => {
  it('shows the store name on any path under the store', async () => {
    const { calls } = renderStorefront('/cozy-mugs/anything/here', () => ({ body: { result: store } }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy Mugs' })).toBeInTheDocument();
    expect(calls).toEqual([{ name: 'lookupStore', data: key }]);
    expect(screen.queryByText(/unpublished changes/)).not.toBeInTheDocument();
  });

  it('links to the members area of the store', async () => {
    renderStorefront('/cozy-mugs', () => ({ body: { result: store } }));
    expect(await screen.findByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/cozy-mugs/members/login');
  });

  it('marks ?preview=true as a preview', async () => {
    renderStorefront('/cozy-mugs?preview=true', () => ({ body: { result: store } }));
    expect(await screen.findByText(/unpublished changes/)).toBeInTheDocument();
  });

  it('shows Store Not Found without store data', async () => {
    renderStorefront('/cozy-mugs', () => ({ body: { result: null } }));
    expect(await screen.findByRole('heading', { name: 'Store Not Found' })).toBeInTheDocument();
  });

  it('shows Store Not Found when the lookup fails', async () => {
    renderStorefront('/cozy-mugs', () => ({ status: 503, body: { error: { status: 'UNAVAILABLE', message: 'down' } } }));
    expect(await screen.findByRole('heading', { name: 'Store Not Found' })).toBeInTheDocument();
  });
});
