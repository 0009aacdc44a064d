import type { StoreKey } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { websitePageData } from '#src/testing/website-data.ts';
import { createRoutes } from './routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const hero = (heading: string) => ({ type: 'Hero' as const, props: { id: 'h', heading, subheading: '', align: 'left' as const } });

function renderWebsite(path: string, options: { custom?: boolean; status?: number; result?: unknown } = {}) {
  const stub = stubFunctions({
    getPublishedWebsitePage: (data) => {
      const { pageSlug } = data as { pageSlug: string };
      return { status: options.status, body: options.result ?? { result: websitePageData([hero(`Page ${pageSlug}`)], { slug: pageSlug }) } };
    },
  });
  vi.stubGlobal('fetch', stub.fetchStub);
  const key: StoreKey = options.custom ? { by: 'customDomain', domain: 'cozymugs.example' } : { by: 'slug', slug: 'cozy-mugs' };
  const resolution = options.custom
    ? resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', customDomain: 'cozymugs.example', basePath: '' })
    : resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs/website' });
  renderMode({ routes: createRoutes(), path, resolution, storeKey: key, host: options.custom ? 'cozymugs.example' : 'shopfront.test' });
  return stub.calls;
}

describe('website mode (spec §2)', () => {
  it.each([
    ['/cozy-mugs/website', 'home'],
    ['/cozy-mugs/website/about', 'about'],
  ])('shows the published website page at %s (page %s)', async (path, page) => {
    const calls = renderWebsite(path);
    expect(await screen.findByRole('heading', { level: 1, name: `Page ${page}` })).toBeInTheDocument();
    expect(calls[0]?.data).toEqual({ slug: 'cozy-mugs', pageSlug: page });
  });

  it('links members to the store members area on the platform domain', async () => {
    renderWebsite('/cozy-mugs/website');
    expect(await screen.findByRole('link', { name: 'Member sign in' })).toHaveAttribute('href', '/cozy-mugs/members/login');
  });

  it('serves a custom domain from its root', async () => {
    const calls = renderWebsite('/', { custom: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Page home' })).toBeInTheDocument();
    expect(calls[0]?.data).toEqual({ host: 'cozymugs.example', pageSlug: 'home' });
  });

  it('shows Website Not Found with the slug when nothing is published there', async () => {
    renderWebsite('/cozy-mugs/website', { status: 404, result: { error: { status: 'NOT_FOUND', message: 'The requested resource was not found' } } });
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('cozy-mugs')).toBeInTheDocument();
  });

  it('shows Website Not Found for a path deeper than a page', async () => {
    renderWebsite('/cozy-mugs/website/about/deeper');
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
  });

  it('offers a retry when the page fails to load', async () => {
    renderWebsite('/cozy-mugs/website/about', { status: 500, result: { error: { status: 'INTERNAL', message: 'x' } } });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
