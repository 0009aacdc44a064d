import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderMode, resolutionFor, stubFunctions } from '#src/testing/render-mode.tsx';
import { websitePageData } from '#src/testing/website-data.ts';
import { createRoutes } from '../routes.tsx';

afterEach(() => vi.unstubAllGlobals());

// The website preview (the website's blocks and themes) is a lazy chunk compiled on its first
// import: more than findBy's 5 s on a busy machine. It loads here, on its own budget; the route
// still loads it through lazy(), and the tests wait only for the page.
beforeAll(async () => {
  await import('./website-preview-page.tsx');
}, 60_000);

const page = websitePageData(
  [
    { type: 'Hero', props: { id: 'h', heading: 'Our studio', subheading: '', align: 'left' } },
    { type: 'Faq', props: { id: 'f', heading: 'Questions', items: [{ question: 'Dishwasher safe?', answer: 'Yes, every mug.' }] } },
  ],
  { slug: 'about', title: 'About' },
);
const ok = () => ({ body: { result: page } });
const notFound = () => ({ status: 404, body: { error: { status: 'NOT_FOUND', message: 'The requested resource was not found' } } });
const failed = () => ({ status: 500, body: { error: { status: 'INTERNAL', message: 'An unexpected error occurred.' } } });
const BANNER = /website preview on a development host/i;

type Answer = () => { status?: number; body: unknown };

function renderPreview(path: string, answers: Answer[]) {
  let call = 0;
  const stub = stubFunctions({ getPublishedWebsitePage: () => answers[Math.min(call++, answers.length - 1)]!() });
  vi.stubGlobal('fetch', stub.fetchStub);
  renderMode({ routes: createRoutes(), path, resolution: resolutionFor('landing') });
  return stub.calls;
}

describe('WebsitePreviewPage', () => {
  it('shows a loading state, then the published page’s blocks under the development-host banner', async () => {
    const calls = renderPreview('/website/cozy-mugs/about', [ok]);
    expect(screen.getByRole('status')).toHaveTextContent('Loading website preview');
    expect(await screen.findByRole('heading', { level: 1, name: 'Our studio' })).toBeInTheDocument();
    expect(screen.getByText('Dishwasher safe?')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(BANNER);
    // Links stay inside the preview; the storefront is the store's own path.
    const nav = screen.getByRole('navigation', { name: 'Site' });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/website/cozy-mugs', '/website/cozy-mugs/about', '/cozy-mugs']);
    expect(calls).toEqual([{ name: 'getPublishedWebsitePage', data: { slug: 'cozy-mugs', pageSlug: 'about' } }]);
  });

  it('asks for the home page by default', async () => {
    const calls = renderPreview('/website/cozy-mugs', [ok]);
    await screen.findByRole('heading', { level: 1, name: 'Our studio' });
    expect(calls[0]?.data).toEqual({ slug: 'cozy-mugs', pageSlug: 'home' });
  });

  it('shows Website Not Found with the slug, still under the banner', async () => {
    renderPreview('/website/ghost-shop/about', [notFound]);
    expect(await screen.findByRole('heading', { name: 'Website Not Found' })).toBeInTheDocument();
    expect(screen.getByText('ghost-shop')).toBeInTheDocument();
    expect(screen.getByRole('note')).toHaveTextContent(BANNER);
  });

  it('shows any other failure with a retry that loads the page', async () => {
    renderPreview('/website/cozy-mugs', [failed, ok]);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'This website could not load' })).toBeInTheDocument();
    expect(alert).toHaveTextContent('An unexpected error occurred.');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Our studio' })).toBeInTheDocument();
  });
});
