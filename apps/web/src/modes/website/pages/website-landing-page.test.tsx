import type { StoreKey } from '@shopfront/core';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { websitePageData } from '#src/testing/website-data.ts';
import { createRoutes } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

const page = websitePageData([
  { type: 'Hero', props: { id: 'h', heading: 'Slow mornings', subheading: '', align: 'left' } },
  { type: 'RichText', props: { id: 'rt', html: '<p>Thrown by hand in <strong>Leeds</strong>.</p>' } },
  { type: 'ProductGrid', props: { id: 'g', heading: 'Shop the kiln', productIds: [], columns: 2 } },
]);
const ok = () => ({ body: { result: page } });
const notFound = () => ({ status: 404, body: { error: { status: 'NOT_FOUND', message: 'The requested resource was not found' } } });
const offline = () => ({ status: 503, body: { error: { status: 'UNAVAILABLE', message: 'This store is offline.' } } });

type Answer = () => { status?: number; body: unknown };

function renderWebsite(path: string, answers: Answer[], options: { custom?: boolean } = {}) {
  let call = 0;
  const stub = stubFunctions({ getPublishedWebsitePage: () => answers[Math.min(call++, answers.length - 1)]!() });
  vi.stubGlobal('fetch', stub.fetchStub);
  const key: StoreKey = options.custom ? { by: 'customDomain', domain: 'cozymugs.example' } : { by: 'slug', slug: 'cozy-mugs' };
  const resolution = options.custom
    ? resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', customDomain: 'cozymugs.example', basePath: '' })
    : resolutionFor('website', { storeId: 's1', slug: 'cozy-mugs', basePath: '/cozy-mugs/website' });
  renderMode({ routes: createRoutes(), path, resolution, storeKey: key, host: options.custom ? 'cozymugs.example' : 'shopfront.test' });
  return stub.calls;
}

describe('WebsiteLandingPage', () => {
  it('shows a loading state, then the published page’s blocks in the store’s theme', async () => {
    const calls = renderWebsite('/cozy-mugs/website', [ok]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading website');
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow mornings' })).toBeInTheDocument();
    expect(screen.getByText('Leeds').tagName).toBe('STRONG');
    const grid = screen.getByRole('heading', { name: 'Shop the kiln' }).closest('section')!;
    expect(within(grid).getByRole('link', { name: 'Buy now: The Glaze Guide' })).toHaveAttribute('href', '/cozy-mugs/p/glaze-guide');
    expect(document.querySelector('.ws-root')).toHaveAttribute('data-theme', 'mocha-mood');
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/cozy-mugs/website', '/cozy-mugs/website/about', '/cozy-mugs']);
    expect(calls).toEqual([{ name: 'getPublishedWebsitePage', data: { slug: 'cozy-mugs', pageSlug: 'home' } }]);
  });

  it('asks for the page the path names', async () => {
    const calls = renderWebsite('/cozy-mugs/website/about', [ok]);
    await screen.findByRole('heading', { level: 1, name: 'Slow mornings' });
    expect(calls[0]?.data).toEqual({ slug: 'cozy-mugs', pageSlug: 'about' });
  });

  it('serves a custom domain from its root, by host, with the storefront on the platform', async () => {
    const calls = renderWebsite('/', [ok], { custom: true });
    await screen.findByRole('heading', { level: 1, name: 'Slow mornings' });
    expect(calls[0]?.data).toEqual({ host: 'cozymugs.example', pageSlug: 'home' });
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/', '/about', 'http://shopfront.test/cozy-mugs']);
  });

  it('shows Website Not Found with the slug when the store or page is not published', async () => {
    renderWebsite('/cozy-mugs/website/secret', [notFound]);
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('cozy-mugs')).toBeInTheDocument();
  });

  it('shows Website Not Found for a deeper path without asking', async () => {
    const calls = renderWebsite('/cozy-mugs/website/about/deeper', [ok]);
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(calls).toEqual([]);
  });

  it('shows any other failure with the server’s message and a retry that loads the page', async () => {
    renderWebsite('/cozy-mugs/website', [offline, ok]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This website could not load' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('This store is offline.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Slow mornings' })).toBeInTheDocument();
  });
});
