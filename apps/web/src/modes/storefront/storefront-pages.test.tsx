import type { AppModeResult, StoreKey, StorefrontData } from '@shopfront/core';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { CheckoutSuccessPage } from './pages/checkout-success-page.tsx';
import { createRoutes } from './routes.tsx';

const key: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
const platform = resolutionFor('storefront', { storeId: 'store_1', slug: 'cozy-mugs', basePath: '/cozy-mugs' });
const customDomain = resolutionFor('storefront', { storeId: 'store_1', slug: 'cozy-mugs', customDomain: 'shop.example.com', basePath: '' });

const landing = storefrontData({}, { products: [storefrontProduct()] });
const productPage: StorefrontData = { ...landing, product: storefrontProductDetail(), canonicalUrl: 'https://shopfront.test/cozy-mugs/p/glaze-guide' };

type Answer = { status?: number; body: unknown };

/** Answers the JSON read (`/api/storefront`) and callables (`/fn/{name}`) like the server. */
function stubServer(handlers: { json?: (url: URL) => Answer; fn?: Record<string, (data: unknown) => Answer> }) {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://shopfront.test');
    calls.push(url.pathname + url.search);
    let answer: Answer = { status: 404, body: { error: { status: 'NOT_FOUND', message: 'Not found' } } };
    if (url.pathname === '/api/storefront' && handlers.json) answer = handlers.json(url);
    const name = url.pathname.replace(/^\/fn\//, '');
    const fn = handlers.fn?.[name];
    if (fn) answer = fn((JSON.parse(String(init?.body ?? '{}')) as { data: unknown }).data);
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

const storefrontFn = { getStorefront: () => ({ body: { result: landing } }) };

afterEach(() => vi.unstubAllGlobals());

describe('product pages in the SPA', () => {
  it('shows the product page from the JSON read', async () => {
    const calls = stubServer({ json: () => ({ body: productPage }), fn: storefrontFn });
    renderMode({ routes: createRoutes(), path: '/cozy-mugs/p/glaze-guide', resolution: platform, storeKey: key });
    expect(await screen.findByRole('heading', { level: 1, name: 'The Glaze Guide' })).toBeInTheDocument();
    expect(calls).toContain('/api/storefront?slug=cozy-mugs&product=glaze-guide');
    expect(screen.getByRole('button', { name: 'Buy now' })).toBeInTheDocument();
  });

  it('goes from a landing card to the product page without a reload, and back', async () => {
    stubServer({ json: () => ({ body: productPage }), fn: storefrontFn });
    const { router } = renderMode({ routes: createRoutes(), path: '/cozy-mugs', resolution: platform, storeKey: key });
    await userEvent.click(await screen.findByRole('link', { name: 'Buy now: The Glaze Guide' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'The Glaze Guide' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs/p/glaze-guide');
    await userEvent.click(screen.getByRole('link', { name: 'Cozy Mugs Co.' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cozy Mugs Co.' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cozy-mugs');
  });

  it('shows Product not found with a way back to the store for an unknown product', async () => {
    stubServer({ json: () => ({ status: 404, body: { error: { status: 'NOT_FOUND', message: 'Product not found' } } }), fn: storefrontFn });
    renderMode({ routes: createRoutes(), path: '/p/nothing', resolution: customDomain, storeKey: { by: 'customDomain', domain: 'shop.example.com' } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cozy Mugs Co.' })).toHaveAttribute('href', '/');
  });
});

const status = (overrides: Record<string, unknown> = {}) => ({
  status: 'completed',
  orderId: 'ord_1',
  productTitle: 'The Glaze Guide',
  productType: 'digital',
  storeSlug: 'cozy-mugs',
  amountCents: 2400,
  currency: 'usd',
  files: [],
  ...overrides,
});

function renderThanks(path: string, resolution: AppModeResult = platform, polling = { intervalMs: 20, maxWaitMs: 400 }) {
  const routes = [{ path: '/checkout/success', element: <CheckoutSuccessPage polling={polling} /> }];
  return renderMode({ routes, path, resolution, storeKey: key });
}

describe('the thank-you page', () => {
  it('thanks the buyer with the product and amount, points to the email and the members sign-up', async () => {
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status() } }) } });
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_1');
    expect(await screen.findByRole('heading', { name: 'Thanks for your purchase!' })).toBeInTheDocument();
    expect(screen.getByText('The Glaze Guide')).toBeInTheDocument();
    expect(screen.getByText('$24')).toBeInTheDocument();
    expect(screen.getByText(/Check your email for your download link/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create your members account' })).toHaveAttribute('href', '/cozy-mugs/members/signup');
  });

  it('offers a download button for each file bought, and says when one is at its download limit', async () => {
    const files = [
      { id: 'file_1', name: 'glaze-guide.pdf', sizeBytes: 2_516_582, url: 'http://localhost/api/downloads/file/t1', downloadsLeft: null },
      { id: 'file_2', name: 'swatches.zip', sizeBytes: 1_024, url: 'http://localhost/api/downloads/file/t2', downloadsLeft: 1 },
      { id: 'file_3', name: 'bonus.mp3', sizeBytes: 10, url: null, downloadsLeft: 0 },
    ];
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status({ files }) } }) } });
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_1');
    const list = await screen.findByRole('list', { name: 'Your downloads' });
    const items = within(list).getAllByRole('listitem');
    expect(within(items[0]!).getByRole('link', { name: 'Download glaze-guide.pdf' })).toHaveAttribute('href', files[0]!.url);
    expect(items[0]).toHaveTextContent('2.4 MB');
    expect(within(items[1]!).getByRole('link', { name: 'Download swatches.zip' })).toHaveAttribute('download');
    expect(items[1]).toHaveTextContent('1 download left');
    expect(within(items[2]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[2]).toHaveTextContent('bonus.mp3Download limit reached');
    // The members sign-up stays, below the downloads.
    expect(screen.getByRole('link', { name: 'Create your members account' })).toHaveAttribute('href', '/cozy-mugs/members/signup');
  });

  it('a free item or lead magnet is claimed, not purchased', async () => {
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status({ amountCents: 0, productType: 'lead-magnet' }) } }) } });
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_1');
    expect(await screen.findByRole('heading', { name: 'Here’s your free download' })).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.queryByText(/purchase|receipt/i)).toBeNull();
  });

  it('links the members sign-up at /members/signup on a custom domain', async () => {
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status() } }) } });
    renderThanks('/checkout/success?checkout=chk_1', customDomain);
    expect(await screen.findByRole('link', { name: 'Create your members account' })).toHaveAttribute('href', '/members/signup');
  });

  it('polls while the checkout is still open, with a spinner, until it completes', async () => {
    let asked = 0;
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status(++asked < 3 ? { status: 'open', orderId: null } : {}) } }) } });
    // The wait outlasts the test, so the third answer always comes before "Still confirming", however
    // slowly the machine renders the first two.
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_1', platform, { intervalMs: 20, maxWaitMs: 60_000 });
    expect(await screen.findByRole('heading', { name: 'Confirming your payment…' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true');
    expect(await screen.findByRole('heading', { name: 'Thanks for your purchase!' })).toBeInTheDocument();
    expect(asked).toBe(3);
  });

  it('stops polling after the wait and says the receipt will come by email', async () => {
    let asked = 0;
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => (asked++, { body: { result: status({ status: 'open', orderId: null }) } }) } });
    const renderedAt = Date.now();
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_1', platform, { intervalMs: 20, maxWaitMs: 150 });
    expect(await screen.findByRole('heading', { name: 'Still confirming your payment' })).toBeInTheDocument();
    // Not before the wait is up, give or take a timer's rounding (how many polls fit in it depends on how busy the machine is).
    expect(Date.now() - renderedAt).toBeGreaterThanOrEqual(140);
    const after = asked;
    await new Promise((resolve) => setTimeout(resolve, 120));
    expect(asked).toBe(after);
  });

  it('says clearly when the checkout is unknown, or the link has no id', async () => {
    stubServer({
      fn: { ...storefrontFn, getCheckoutStatus: () => ({ status: 404, body: { error: { status: 'NOT_FOUND', message: 'This checkout was not found or has expired.' } } }) },
    });
    renderThanks('/cozy-mugs/checkout/success?checkout=nope');
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Cozy Mugs Co.' })).toHaveAttribute('href', '/cozy-mugs');
  });

  it('says Checkout not found without asking when there is no checkout id', async () => {
    const calls = stubServer({ fn: storefrontFn });
    renderThanks('/cozy-mugs/checkout/success');
    expect(await screen.findByRole('heading', { name: 'Checkout not found' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((call) => call.includes('getCheckoutStatus'))).toBe(false));
  });

  it('shows an expired checkout as such', async () => {
    stubServer({ fn: { ...storefrontFn, getCheckoutStatus: () => ({ body: { result: status({ status: 'expired', orderId: null }) } }) } });
    renderThanks('/cozy-mugs/checkout/success?checkout=chk_old');
    expect(await screen.findByRole('heading', { name: 'This checkout has expired' })).toBeInTheDocument();
  });
});
