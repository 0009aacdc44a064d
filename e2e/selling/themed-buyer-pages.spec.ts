import { randomBytes } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { signedInCreator, type CreatorApi } from '../support/creators.ts';
import { E2E_PORT } from '../support/hosts.ts';
import { DESKTOP, expectLayoutAt } from '../support/layout.ts';
import { receiptLink, uniqueEmail } from '../support/mailbox.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { uniqueSlug } from '../support/seed.ts';

const ORIGIN = `http://localhost:${E2E_PORT}`;
const THEMES = ['mocha-mood', 'neon-pulse'] as const;

/** A published store in `theme` with one published digital product carrying a file. */
async function themedShop(creator: CreatorApi, theme: (typeof THEMES)[number]) {
  const name = theme === 'neon-pulse' ? 'Night Signal Records' : 'Juniper Clay Studio';
  const store = await creator.call<{ id: string }>('createStoreWithTenant', { storeName: name, slug: uniqueSlug(theme) });
  const profile = {
    name,
    description: 'Small-batch sounds and things.',
    avatarUrl: null,
    socialLinks: [],
    links: [],
    theme,
    themeOverrides: { colors: {} },
    productLayout: { order: [], hidden: [] },
  };
  await creator.call('saveStoreDraft', { storeId: store.id, profile });
  await creator.call('publishStoreDraft', { storeId: store.id });
  const product = await creator.call<{ id: string }>('createProduct', {
    storeId: store.id,
    type: 'digital',
    title: 'Lo-fi Drum Kit',
    priceMode: 'fixed',
    priceCents: 1250,
  });
  const upload = await creator.api.put(`/api/stores/${store.id}/products/${product.id}/files`, {
    data: randomBytes(4096),
    headers: { 'Content-Type': 'application/zip', 'X-File-Name': 'lofi-drum-kit.zip' },
  });
  expect(upload.status(), await upload.text()).toBeLessThan(300);
  await creator.call('updateProduct', { storeId: store.id, productId: product.id, status: 'published' });
  return { storeId: store.id, productId: product.id };
}

/** A buyer's checkout from the storefront, answered with the test card page's URL. */
async function checkoutUrl(shop: { storeId: string; productId: string }, email: string): Promise<string> {
  const api = await playwrightRequest.newContext({ baseURL: ORIGIN, extraHTTPHeaders: { Origin: ORIGIN } });
  try {
    const response = await api.post('/fn/createCheckout', {
      data: { data: { ...shop, name: 'Bea Buyer', email, idempotencyKey: `themed-${randomBytes(8).toString('hex')}` } },
    });
    const body = (await response.json()) as { result?: { checkoutUrl: string }; error?: unknown };
    expect(body.error, JSON.stringify(body.error)).toBeUndefined();
    return body.result!.checkoutUrl;
  } finally {
    await api.dispose();
  }
}

async function fillCard(page: Page, card: { number: string; expiry: string; cvc: string; name: string }) {
  await page.getByLabel('Card number').fill(card.number);
  await page.getByLabel('Expiry (MM/YY)').fill(card.expiry);
  await page.getByLabel('CVC').fill(card.cvc);
  await page.getByLabel('Name on card').fill(card.name);
  await page.getByRole('button', { name: /^Pay/ }).click();
}

/** The buyer's pages at the desktop width: the heading and the primary action, and no sideways scroll. */
const atDesktop = (page: Page, name: string, ...mustSee: Parameters<typeof expectLayoutAt>[2]) => expectLayoutAt(page, DESKTOP, mustSee, name);

/**
 * The server-rendered buyer pages wear the store's theme: the test card page (with its field
 * errors), the authentication step and the order access page, in both themes, on a phone, each
 * also checked at a desktop's width. Screenshots land in e2e/.artifacts/screenshots/buyer-*.
 */
for (const theme of THEMES) {
  test(`${theme} buyer pages on a phone, and their layout at 1280 px`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    // A free-plan creator has one store: each theme gets its own creator.
    const owner = await signedInCreator(request, `themed-${theme}`);
    const shop = await themedShop(owner, theme);
    await owner.api.dispose();
    const email = uniqueEmail(`buyer-${theme}`);
    const context = await browser.newContext({ ...VIEWPORTS[0] });
    const page = await context.newPage();
    await page.goto(await checkoutUrl(shop, email));
    const pay = page.getByRole('button', { name: /^Pay/ });
    await expect(page.getByText('TEST MODE — no real money moves')).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Lo-fi Drum Kit' })).toBeVisible();
    await shot(page, `buyer-checkout-${theme}`);
    await atDesktop(page, `buyer-checkout-${theme}`, page.getByRole('heading', { level: 1, name: 'Lo-fi Drum Kit' }), pay);

    // A bad card: each error next to its field, focus on the first, the typed name kept.
    await fillCard(page, { number: '4242 4242 4242 4242', expiry: '01/20', cvc: '1', name: ' ' });
    await expect(page.getByLabel('Expiry (MM/YY)')).toBeFocused();
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByLabel('Expiry (MM/YY)')).toHaveAccessibleDescription('Your card’s expiry date is in the past.');
    await expect(page.getByLabel('CVC')).toHaveAccessibleDescription('The security code (CVC) is 3 digits.');
    await expect(page.getByLabel('Name on card')).toHaveAccessibleDescription('Please enter the name on the card.');
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await expect(page.getByLabel('CVC')).toHaveValue('');
    await shot(page, `buyer-checkout-errors-${theme}`);
    await atDesktop(page, `buyer-checkout-errors-${theme}`, page.locator('#card-expiry-error'), pay);

    // The authentication card asks first; Fail returns to the form, Complete pays.
    await fillCard(page, { number: '4000 0025 0000 3155', expiry: '12/34', cvc: '123', name: 'Bea Buyer' });
    await expect(page.getByRole('heading', { name: 'Complete authentication' })).toBeVisible();
    await shot(page, `buyer-authentication-${theme}`);
    await atDesktop(page, `buyer-authentication-${theme}`, page.getByRole('heading', { name: 'Complete authentication' }), page.getByRole('button', { name: 'Complete' }));
    await page.getByRole('button', { name: 'Fail' }).click();
    await expect(page.getByText('We are unable to authenticate your payment method.', { exact: false })).toBeVisible();
    await expect(page.getByLabel('Name on card')).toHaveValue('Bea Buyer');
    await fillCard(page, { number: '4000 0025 0000 3155', expiry: '12 / 34', cvc: '123', name: 'Bea Buyer' });
    await page.getByRole('button', { name: 'Complete' }).click();
    await expect(page.getByRole('heading', { name: 'Thanks for your purchase!' })).toBeVisible();

    // The receipt's order access page, in the same theme.
    await page.goto(await receiptLink(request, email, /receipt|your /i));
    await expect(page.getByText('lofi-drum-kit.zip')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Download lofi-drum-kit.zip' })).toBeVisible();
    await shot(page, `buyer-downloads-${theme}`);
    await atDesktop(page, `buyer-downloads-${theme}`, page.getByRole('link', { name: 'Download lofi-drum-kit.zip' }));
    await context.close();
  });
}
