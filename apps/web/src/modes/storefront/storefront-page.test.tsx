import type { StorefrontData } from '@shopfront/core';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { browserTraits, fingerprintOf, pageReferral } from '#src/features/storefront/referral.ts';

const browserFingerprint = () => fingerprintOf(browserTraits());
import { storefrontData, storefrontProductDetail } from '#src/testing/storefront-data.ts';
import { StorefrontPage } from './storefront-page.tsx';

const productPage: StorefrontData = { ...storefrontData(), product: storefrontProductDetail({ id: 'prd_glaze' }) };
const STOP = 'Stopped here by the test.';

let fetchStub: ReturnType<typeof vi.fn<(input: RequestInfo | URL, init?: RequestInit) => Promise<Response>>>;

beforeEach(() => {
  sessionStorage.clear();
  delete pageReferral.referralCode;
  delete pageReferral.fingerprint;
  // createCheckout is refused so that the page stays (jsdom cannot leave it); the request is what counts.
  fetchStub = vi.fn(async (input: RequestInfo | URL) =>
    String(input) === '/fn/createCheckout'
      ? new Response(JSON.stringify({ error: { status: 'FAILED_PRECONDITION', message: STOP } }), { status: 400 })
      : new Response(JSON.stringify({ result: null }), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetchStub);
});
afterEach(() => {
  vi.unstubAllGlobals();
  history.replaceState(null, '', '/');
});

function callsTo(name: string): Array<Record<string, unknown>> {
  return fetchStub.mock.calls
    .filter(([input]) => String(input) === `/fn/${name}`)
    .map(([, init]) => (JSON.parse(String(init?.body)) as { data: Record<string, unknown> }).data);
}

async function buy() {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Ada');
  await user.type(screen.getByLabelText('Email'), 'ada@example.com');
  await user.click(screen.getByRole('button', { name: 'Buy now' }));
  expect(await screen.findByText(STOP)).toBeInTheDocument();
  return callsTo('createCheckout');
}

describe('StorefrontPage: affiliate referrals', () => {
  it('reports a ?ref= visit once, and the checkout carries the referral and the fingerprint', async () => {
    history.replaceState(null, '', '/cozy-mugs/p/glaze-guide?ref=ann42xyz');
    const { rerender } = render(<StorefrontPage data={productPage} basePath="/cozy-mugs" />);
    await waitFor(() => expect(callsTo('trackAffiliateVisit')).toHaveLength(1));
    const fingerprint = await browserFingerprint();
    expect(callsTo('trackAffiliateVisit')[0]).toMatchObject({ storeId: 'store_1', referralCode: 'ANN42XYZ', fingerprint });

    // A page shown in place (new data, same page component) reports nothing more.
    rerender(<StorefrontPage data={{ ...productPage, product: storefrontProductDetail({ id: 'prd_other', title: 'Other' }) }} basePath="/cozy-mugs" />);
    rerender(<StorefrontPage data={productPage} basePath="/cozy-mugs" />);

    const [checkout, ...more] = await buy();
    expect(more).toEqual([]);
    expect(checkout).toMatchObject({ storeId: 'store_1', productId: 'prd_glaze', name: 'Ada', email: 'ada@example.com', referralCode: 'ANN42XYZ', fingerprint });
    expect(fingerprint).toMatch(/^[0-9a-f]{16}$/);
    expect(callsTo('trackAffiliateVisit')).toHaveLength(1);
  });

  it('keeps the session’s referral on a later page load without ?ref= and reports no second visit', async () => {
    history.replaceState(null, '', '/cozy-mugs?ref=ANN42XYZ');
    const first = render(<StorefrontPage data={storefrontData()} basePath="/cozy-mugs" />);
    await waitFor(() => expect(callsTo('trackAffiliateVisit')).toHaveLength(1));
    first.unmount();
    delete pageReferral.referralCode;

    // A full load of another page of the store in the same tab.
    history.replaceState(null, '', '/cozy-mugs/p/glaze-guide');
    render(<StorefrontPage data={productPage} basePath="/cozy-mugs" />);
    await waitFor(() => expect(pageReferral.referralCode).toBe('ANN42XYZ'));
    const [checkout] = await buy();
    expect(checkout).toMatchObject({ referralCode: 'ANN42XYZ' });
    expect(callsTo('trackAffiliateVisit')).toHaveLength(1);
  });

  it('checks out with the fingerprint alone when the session has no referral', async () => {
    history.replaceState(null, '', '/cozy-mugs/p/glaze-guide');
    render(<StorefrontPage data={productPage} basePath="/cozy-mugs" />);
    await waitFor(() => expect(pageReferral.fingerprint).toBeDefined());
    const [checkout] = await buy();
    expect(checkout).not.toHaveProperty('referralCode');
    expect(checkout).toMatchObject({ fingerprint: await browserFingerprint() });
    expect(callsTo('trackAffiliateVisit')).toEqual([]);
  });

  it('never holds a checkout up: without Web Crypto it goes without the fingerprint', async () => {
    vi.stubGlobal('crypto', { randomUUID: () => 'uuid-0123456789' });
    history.replaceState(null, '', '/cozy-mugs/p/glaze-guide?ref=ANN42XYZ');
    render(<StorefrontPage data={productPage} basePath="/cozy-mugs" />);
    await waitFor(() => expect(pageReferral.referralCode).toBe('ANN42XYZ'));
    const [checkout] = await buy();
    expect(checkout).toMatchObject({ referralCode: 'ANN42XYZ', idempotencyKey: 'uuid-0123456789' });
    expect(checkout).not.toHaveProperty('fingerprint');
  });

  it('tracks nothing in the owner’s preview and its checkouts carry no referral', async () => {
    history.replaceState(null, '', '/cozy-mugs/p/glaze-guide?preview=true&ref=ANN42XYZ');
    render(<StorefrontPage data={{ ...productPage, isPreview: true }} basePath="/cozy-mugs" />);
    const [checkout] = await buy();
    expect(callsTo('trackAffiliateVisit')).toEqual([]);
    expect(sessionStorage.getItem('pending_referral')).toBeNull();
    expect(checkout).not.toHaveProperty('referralCode');
    expect(checkout).not.toHaveProperty('fingerprint');
  });
});
