import { expect, test, type Browser } from '@playwright/test';
import { signedInCreator } from '../support/creators.ts';
import { uniqueSlug } from '../support/seed.ts';
import { DESKTOP, expectLayoutAt } from '../support/layout.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { profile, publishStore } from './storefront-fixtures.ts';

/**
 * Local currency (docs/currency.md): a store prices in US dollars; a visitor whose CDN says
 * Australia sees the charge price and, beside it, an approximate Australian price with a note that
 * the charge stays in US dollars. A visitor in the store's own currency sees no conversion.
 */
let slug: string;

test.beforeAll(async ({ request }) => {
  test.setTimeout(60_000);
  const creator = await signedInCreator(request, 'fx');
  slug = uniqueSlug('harbour');
  const store = await publishStore(creator, slug, () => profile({ name: 'Harbour Prints', socialLinks: [], links: [] }));
  const created = await creator.call<{ id: string }>('createProduct', {
    storeId: store.id,
    type: 'digital',
    title: 'Harbour at Dawn print pack',
    subtitle: 'Six high-resolution prints',
    descriptionHtml: '<p>Six prints.</p>',
    coverImageUrl: null,
    priceMode: 'fixed',
    priceCents: 1200,
    minPriceCents: 0,
    compareAtCents: null,
    ctaLabel: 'Buy now',
    externalUrl: null,
  });
  const upload = await creator.api.put(`/api/stores/${store.id}/products/${created.id}/files`, {
    data: Buffer.from('prints'),
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent('prints.pdf') },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await creator.call('updateProduct', { storeId: store.id, productId: created.id, status: 'published' });
});

async function visitor(browser: Browser, headers: Record<string, string>, viewport: { width: number; height: number } = VIEWPORTS[0].viewport) {
  const context = await browser.newContext({ extraHTTPHeaders: headers, viewport, locale: 'en-US' });
  return { context, page: await context.newPage() };
}

test('an Australian visitor sees ≈ A$18.40 beside the $12 charge price, and that the charge stays in USD', async ({ browser }) => {
  const { context, page } = await visitor(browser, { 'CF-IPCountry': 'AU' });
  try {
    await page.goto(`/${slug}`);
    const card = page.getByRole('listitem').filter({ hasText: 'Harbour at Dawn print pack' });
    await expect(card.getByText('$12', { exact: true })).toBeVisible();
    await expect(card.getByText('≈ A$18.40')).toBeVisible();
    // No FX_RATES_URL in the e2e run: the bundled table, which the note calls offline reference rates.
    const note = page.getByText('Approximate prices in AUD, at offline reference rates. You pay in USD.');
    await expect(note).toBeVisible();
    await shot(page, 'local-price');
    await expectLayoutAt(page, DESKTOP, [card.getByText('≈ A$18.40'), note], 'local-price');
  } finally {
    await context.close();
  }
});

test('a visitor in the store’s own currency sees no conversion', async ({ browser }) => {
  const { context, page } = await visitor(browser, { 'CF-IPCountry': 'US' });
  try {
    const answered = page.waitForResponse((response) => response.url().includes('/api/currency'));
    await page.goto(`/${slug}`);
    expect((await (await answered).json()) as { currency: string }).toMatchObject({ currency: 'USD', country: 'US', source: 'header' });
    await expect(page.getByText('$12', { exact: true })).toBeVisible();
    await expect(page.getByText(/≈/)).toHaveCount(0);
    await expect(page.getByText(/Approximate prices/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
