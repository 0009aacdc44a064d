import type { StoreKey } from '@shopfront/core';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FINGERPRINT_KEY, PENDING_REFERRAL } from '#src/features/storefront/referral.ts';
import { renderMode, resolutionFor } from '#src/testing/render-mode.tsx';
import { storefrontData } from '#src/testing/storefront-data.ts';
import { CheckoutSuccessPage } from './pages/checkout-success-page.tsx';

const key: StoreKey = { by: 'slug', slug: 'cozy-mugs' };
const platform = resolutionFor('storefront', { storeId: 'store_1', slug: 'cozy-mugs', basePath: '/cozy-mugs' });
const calls: Array<{ name: string; data: unknown }> = [];

function stubServer(status: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const name = String(input).replace(/^.*\/fn\//, '');
      calls.push({ name, data: (JSON.parse(String(init?.body ?? '{}')) as { data: unknown }).data });
      const results: Record<string, unknown> = {
        getStorefront: storefrontData(),
        getCheckoutStatus: { status: 'completed', orderId: 'ord_1', productTitle: 'The Glaze Guide', productType: 'digital', storeSlug: 'cozy-mugs', amountCents: 2400, currency: 'usd', files: [], ...status },
        convertAffiliateReferral: { converted: true },
      };
      return new Response(JSON.stringify({ result: results[name] ?? null }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
}

const confirmations = () => calls.filter((call) => call.name === 'convertAffiliateReferral').map((call) => call.data);

function renderThanks() {
  const routes = [{ path: '/checkout/success', element: <CheckoutSuccessPage polling={{ intervalMs: 20, maxWaitMs: 400 }} /> }];
  return renderMode({ routes, path: '/cozy-mugs/checkout/success?checkout=chk_1', resolution: platform, storeKey: key });
}

beforeEach(() => {
  calls.length = 0;
  sessionStorage.clear();
});
afterEach(() => vi.unstubAllGlobals());

describe('the thank-you page of a referred session', () => {
  it('asks once whether the paid checkout was credited, and shows nothing of it', async () => {
    sessionStorage.setItem(PENDING_REFERRAL, 'ANN42XYZ');
    sessionStorage.setItem(FINGERPRINT_KEY, '0123456789abcdef');
    stubServer({});
    renderThanks();
    expect(await screen.findByRole('heading', { name: 'Thanks for your purchase!' })).toBeInTheDocument();
    await vi.waitFor(() => expect(confirmations()).toHaveLength(1));
    expect(confirmations()).toEqual([{ checkoutId: 'chk_1', referralCode: 'ANN42XYZ', fingerprint: '0123456789abcdef' }]);
    expect(screen.queryByText(/affiliate|referr/i)).not.toBeInTheDocument();
  });

  it.each([
    ['a free order', { amountCents: 0, productType: 'lead-magnet' }, 'ANN42XYZ'],
    ['an expired checkout', { status: 'expired', orderId: null }, 'ANN42XYZ'],
    ['a session without a referral', {}, null],
  ] as const)('asks nothing for %s', async (_label, status, referral) => {
    if (referral) sessionStorage.setItem(PENDING_REFERRAL, referral);
    stubServer(status);
    renderThanks();
    await screen.findByRole('heading', { name: /Thanks for your purchase|free download|expired/ });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(confirmations()).toEqual([]);
  });
});
