import type { StorefrontData } from '@shopfront/core';
import { render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storefrontData, storefrontProduct, storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { CURRENCY_LOCAL_KEY, CURRENCY_SESSION_KEY, localCurrency } from './local-currency.ts';
import { StorefrontView } from './storefront-view.tsx';

/** `GET /api/currency` as the server answers an Australian visitor of a USD store. */
function currencyAnswer(overrides: Record<string, unknown> = {}) {
  return {
    success: true,
    detectedCurrency: 'AUD',
    currency: 'AUD',
    country: 'AU',
    city: null,
    timezone: 'Australia/Sydney',
    region: 'sydney',
    source: 'header',
    rate: { base: 'USD', value: 1.5334, approximate: false, asOf: '2025-01-31' },
    ...overrides,
  };
}

function answering(body: unknown, status = 200) {
  return vi.fn<typeof fetch>(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));
}

/** A USD store priced $12.00 (the landing, unless a product page is asked for). */
function twelveDollarStore(extra: Partial<StorefrontData> = {}) {
  return storefrontData({}, { products: [storefrontProduct({ priceCents: 1200, currency: 'usd' })], ...extra });
}

const approx = () => document.querySelector('.sf-price-local');
const note = () => document.querySelector('.sf-local-note');

/** Lets the effect's fetch and its state update run, so that "nothing shown" is a real answer. */
async function settle(fetchMock: ReturnType<typeof answering>) {
  await waitFor(() => expect(fetchMock).toHaveBeenCalled());
  await new Promise((resolve) => setTimeout(resolve, 0));
}

beforeEach(() => {
  sessionStorage.clear();
  localStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the approximate local price on the storefront', () => {
  it('shows ≈ A$18.40 beside $12 for an Australian visitor, read as "approximately", with the note once', async () => {
    const fetchMock = answering(currencyAnswer());
    vi.stubGlobal('fetch', fetchMock);
    render(<StorefrontView data={twelveDollarStore()} />);

    expect(await screen.findByText('A$18.40', { exact: false })).toHaveTextContent('approximately ≈ A$18.40');
    expect(approx()?.previousElementSibling).toHaveTextContent('$12');
    expect(approx()?.querySelector('[aria-hidden="true"]')).toHaveTextContent('≈');
    expect(approx()?.querySelector('.sf-sr-only')).toHaveTextContent('approximately');
    expect(screen.getByText('Approximate prices in AUD. You pay in USD.')).toBeInTheDocument();
    expect(document.querySelectorAll('.sf-local-note')).toHaveLength(1);

    const url = new URL(fetchMock.mock.calls[0]![0] as string, 'https://shop.test');
    expect(url.pathname).toBe('/api/currency');
    expect(url.searchParams.get('base')).toBe('USD');
    expect(url.searchParams.get('tz')).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });

  it('shows it on the product page too, under the price', async () => {
    vi.stubGlobal('fetch', answering(currencyAnswer()));
    const product = storefrontProductDetail({ priceCents: 1200 });
    render(<StorefrontView data={twelveDollarStore({ product })} />);

    expect(await screen.findByText('A$18.40', { exact: false })).toBeInTheDocument();
    expect(note()).toHaveTextContent('Approximate prices in AUD. You pay in USD.');
    expect(document.querySelector('.sf-pp-head')).toContainElement(note() as HTMLElement);
  });

  it('says the rates are offline reference rates when they come from the bundled table', async () => {
    vi.stubGlobal('fetch', answering(currencyAnswer({ rate: { base: 'USD', value: 1.5334, approximate: true, asOf: '2025-01-31' } })));
    render(<StorefrontView data={twelveDollarStore()} />);

    expect(await screen.findByText('Approximate prices in AUD, at offline reference rates. You pay in USD.')).toBeInTheDocument();
  });

  it('follows the pay-what-you-want minimum, and leaves Free and a minimum of 0 alone', async () => {
    vi.stubGlobal('fetch', answering(currencyAnswer()));
    const products = [
      storefrontProduct({ id: 'a', slug: 'a', title: 'Tip jar', priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 500 }),
      storefrontProduct({ id: 'b', slug: 'b', title: 'Any amount', priceMode: 'pay-what-you-want', priceCents: 1000, minPriceCents: 0 }),
      storefrontProduct({ id: 'c', slug: 'c', title: 'Freebie', type: 'lead-magnet', priceMode: 'free', priceCents: 0 }),
    ];
    render(<StorefrontView data={storefrontData({}, { products })} />);

    expect(await screen.findByText('A$7.67', { exact: false })).toBeInTheDocument();
    const all = document.querySelectorAll('.sf-price-local');
    expect(all).toHaveLength(1);
    expect(all[0]!.previousElementSibling).toHaveTextContent('from $5');
  });

  it('shows nothing when the visitor already uses the store currency', async () => {
    const fetchMock = answering(currencyAnswer({ detectedCurrency: 'USD', currency: 'USD', country: 'US', rate: { base: 'USD', value: 1, approximate: false, asOf: '2025-01-31' } }));
    vi.stubGlobal('fetch', fetchMock);
    render(<StorefrontView data={twelveDollarStore()} />);
    await settle(fetchMock);

    expect(approx()).toBeNull();
    expect(note()).toBeNull();
    expect(screen.getByText('$12')).toBeInTheDocument();
  });

  it.each([
    ['there is no rate', { rate: null }],
    ['the rate is for another base', { rate: { base: 'EUR', value: 1.6, approximate: false, asOf: '2025-01-31' } }],
    ['the rate is 0', { rate: { base: 'USD', value: 0, approximate: false, asOf: '2025-01-31' } }],
  ])('shows nothing when %s', async (_case, overrides) => {
    const fetchMock = answering(currencyAnswer(overrides));
    vi.stubGlobal('fetch', fetchMock);
    render(<StorefrontView data={twelveDollarStore()} />);
    await settle(fetchMock);

    expect(approx()).toBeNull();
    expect(note()).toBeNull();
  });

  it('shows a rate just above 0 (the other side of that limit)', async () => {
    vi.stubGlobal('fetch', answering(currencyAnswer({ currency: 'KWD', rate: { base: 'USD', value: 0.001, approximate: false, asOf: '2025-01-31' } })));
    render(<StorefrontView data={twelveDollarStore()} />);
    expect(await screen.findByText(/KWD\s0\.012/)).toBeInTheDocument();
  });

  it('never shows in the owner’s preview or the builder’s pane, and asks nothing there', async () => {
    const fetchMock = answering(currencyAnswer());
    vi.stubGlobal('fetch', fetchMock);
    render(<StorefrontView data={twelveDollarStore({ isPreview: true })} />);
    render(<StorefrontView data={twelveDollarStore()} embedded />);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(fetchMock).not.toHaveBeenCalled();
    expect(approx()).toBeNull();
    expect(note()).toBeNull();
  });

  it('asks nothing when nothing on the page has a price', async () => {
    const fetchMock = answering(currencyAnswer());
    vi.stubGlobal('fetch', fetchMock);
    render(<StorefrontView data={storefrontData({}, { products: [storefrontProduct({ type: 'lead-magnet', priceMode: 'free', priceCents: 0 })] })} />);
    await new Promise((resolve) => setTimeout(resolve, 10));

    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is not in the server-rendered HTML, which every visitor shares', () => {
    sessionStorage.setItem(CURRENCY_SESSION_KEY, JSON.stringify({ USD: currencyAnswer() }));
    const html = renderToString(<StorefrontView data={twelveDollarStore()} />);
    expect(html).toContain('$12');
    expect(html).not.toContain('A$');
    expect(html).not.toContain('Approximate prices');
  });

  it('asks once per session: a second page reads the cached answer, and the detected currency is kept', async () => {
    const fetchMock = answering(currencyAnswer());
    vi.stubGlobal('fetch', fetchMock);
    const first = render(<StorefrontView data={twelveDollarStore()} />);
    expect(await screen.findByText('A$18.40', { exact: false })).toBeInTheDocument();
    first.unmount();

    render(<StorefrontView data={twelveDollarStore()} />);
    expect(await screen.findByText('A$18.40', { exact: false })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(JSON.parse(sessionStorage.getItem(CURRENCY_SESSION_KEY)!)).toEqual({ USD: currencyAnswer() });
    expect(localStorage.getItem(CURRENCY_LOCAL_KEY)).toBe('AUD');
  });

  it('shows nothing and throws nothing when the request fails, and asks again on the next page', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const first = render(<StorefrontView data={twelveDollarStore()} />);
    await settle(fetchMock);
    expect(approx()).toBeNull();
    expect(screen.getByText('$12')).toBeInTheDocument();
    first.unmount();

    render(<StorefrontView data={twelveDollarStore()} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sessionStorage.getItem(CURRENCY_SESSION_KEY)).toBeNull();
  });
});

describe('localCurrency', () => {
  it('answers null for an error status, and does not cache it', async () => {
    const fetchMock = answering({ error: { status: 'INVALID_ARGUMENT', message: 'Unknown currency.' } }, 400);
    await expect(localCurrency('USD', fetchMock)).resolves.toBeNull();
    expect(sessionStorage.getItem(CURRENCY_SESSION_KEY)).toBeNull();
  });

  it('answers null for a body that is not JSON', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => new Response('<html>', { status: 200 }));
    await expect(localCurrency('USD', fetchMock)).resolves.toBeNull();
  });

  it('asks the server when the cache is unreadable, and keeps answers for other store currencies', async () => {
    sessionStorage.setItem(CURRENCY_SESSION_KEY, '{not json');
    await expect(localCurrency('USD', answering(currencyAnswer()))).resolves.toEqual({ base: 'USD', currency: 'AUD', value: 1.5334, approximate: false });

    const eur = currencyAnswer({ rate: { base: 'EUR', value: 1.65, approximate: true, asOf: '2025-01-31' } });
    await expect(localCurrency('EUR', answering(eur))).resolves.toEqual({ base: 'EUR', currency: 'AUD', value: 1.65, approximate: true });
    expect(Object.keys(JSON.parse(sessionStorage.getItem(CURRENCY_SESSION_KEY)!))).toEqual(['USD', 'EUR']);
  });

  it('still answers when the browser refuses storage', async () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('denied', 'SecurityError');
    });
    try {
      await expect(localCurrency('USD', answering(currencyAnswer()))).resolves.toMatchObject({ currency: 'AUD', value: 1.5334 });
    } finally {
      vi.restoreAllMocks();
    }
  });
});
