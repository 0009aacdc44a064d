import type { StoreKey } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { createRoutes } from './routes.tsx';

const store = { storeId: 's1', slug: 'cozy-mugs', name: 'Cozy Mugs', customDomain: 'cozymugs.example', isBioDomain: false };

afterEach(() => vi.unstubAllGlobals());

function renderWebsite(path: string, options: { custom?: boolean; result: unknown; status?: number }) {
  vi.stubGlobal('fetch', stubFunctions({ lookupStore: () => ({ status: options.status, body: options.result }) }).fetchStub);
  const key: StoreKey = options.custom ? { by: 'customDomain', domain: 'cozymugs.example' } : { by: 'slug', slug: 'cozy-mugs' };
  const resolution = options.custom
    ? resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', customDomain: 'cozymugs.example', basePath: '' })
    : resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs/website' });
  return renderMode({ routes: createRoutes(), path, resolution, storeKey: key, host: options.custom ? 'cozymugs.example' : 'shopfront.test' });
}

describe('website mode (spec §2)', () => {
  it.each([
    ['/cozy-mugs/website', 'home'],
    ['/cozy-mugs/website/about', 'about'],
    ['/cozy-mugs/website/about/deeper', 'home'],
  ])('shows the website landing at %s (page %s)', async (path, page) => {
    renderWebsite(path, { result: { result: store } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy Mugs' })).toBeInTheDocument();
    expect(screen.getByText(`Website · ${page}`)).toBeInTheDocument();
  });

  it('links members to the store members area on the platform domain', async () => {
    renderWebsite('/cozy-mugs/website', { result: { result: store } });
    expect(await screen.findByRole('link', { name: 'Members' })).toHaveAttribute('href', '/cozy-mugs/members/login');
  });

  it('serves a custom domain from its root', async () => {
    renderWebsite('/', { custom: true, result: { result: store } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy Mugs' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Members' })).toHaveAttribute('href', '/members/login');
  });

  it('shows Website Not Found with the slug when there is no store data', async () => {
    renderWebsite('/cozy-mugs/website', { result: { result: null } });
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('cozy-mugs')).toBeInTheDocument();
  });

  it('shows Website Not Found when the lookup fails', async () => {
    renderWebsite('/cozy-mugs/website/about', { status: 500, result: { error: { status: 'INTERNAL', message: 'x' } } });
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
  });
});
