import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, waitForCode } from '../support/mailbox.ts';
import { uniqueSlug } from '../support/seed.ts';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { contrastOf, paintPng, profile, publishStore, uploadImage } from './storefront-fixtures.ts';
import { signedInCreator, type CreatorApi } from '../support/creators.ts';

const THEMES = [
  { theme: 'mocha-mood', name: 'Juniper Clay Studio', colors: { buttonColor: '#8a3b12', buttonTextColor: '#ffffff' }, avatar: 'background: radial-gradient(circle at 30% 30%, #f3d9b1, #8a5a3c)' },
  { theme: 'neon-pulse', name: 'Night Drive Audio', colors: { buttonColor: '#00e5ff', buttonTextColor: '#05021a' }, avatar: 'background: linear-gradient(135deg, #ff2bd6, #4df3ff)' },
] as const;

/** A free download (a lead magnet with one file), published: it checks out without a card. */
async function freeProduct(creator: CreatorApi, storeId: string): Promise<string> {
  const created = await creator.call<{ id: string; slug: string }>('createProduct', {
    storeId,
    type: 'lead-magnet',
    title: 'Studio Wallpaper Pack',
    subtitle: 'Phone wallpapers straight from the studio',
    descriptionHtml: '<p>Twelve wallpapers.</p>',
    coverImageUrl: null,
    priceMode: 'free',
    priceCents: 0,
    minPriceCents: 0,
    compareAtCents: null,
    ctaLabel: 'Get it free',
    externalUrl: null,
  });
  const upload = await creator.api.put(`/api/stores/${storeId}/products/${created.id}/files`, {
    data: Buffer.from('wallpapers'),
    headers: { 'Content-Type': 'application/pdf', 'X-File-Name': encodeURIComponent('wallpapers.pdf') },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  await creator.call('updateProduct', { storeId, productId: created.id, status: 'published' });
  return created.slug;
}

/** Screenshots at 390 px and 1280 px wide (e2e/.artifacts/screenshots/{name}-{width}.png). */
async function shotBoth(page: Page, name: string): Promise<void> {
  for (const { viewport } of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await shot(page, name);
  }
  await page.setViewportSize(VIEWPORTS[0].viewport);
}

/** Every link and button inside `scope` is at least 44 px tall (WCAG 2.5.5 tap targets). */
async function expectTapTargets(page: Page, scope: string): Promise<void> {
  const small = await page.locator(`${scope} :is(a, button):visible`).evaluateAll((elements) =>
    elements.filter((element) => element.getBoundingClientRect().height < 44).map((element) => element.textContent?.trim() || element.getAttribute('aria-label')),
  );
  expect(small, 'tap targets under 44 px').toEqual([]);
}

/** The focused element draws a solid outline of at least 2 px. */
async function expectFocusRing(page: Page): Promise<void> {
  const outline = await page.evaluate(() => {
    const style = getComputedStyle(document.activeElement!);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).toBe('solid');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

for (const look of THEMES) {
  test(`the thank-you page and the members area wear ${look.theme} and the creator's colours`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const creator = await signedInCreator(request, 'themed');
    const avatarPng = await paintPng(browser, look.avatar, { width: 240, height: 240 });
    const store = await publishStore(creator, uniqueSlug(look.theme.split('-')[0]!), async (storeId) =>
      profile({ name: look.name, theme: look.theme, avatarUrl: await uploadImage(creator, storeId, avatarPng), themeOverrides: { colors: look.colors } }),
    );
    const productSlug = await freeProduct(creator, store.id);

    const context = await browser.newContext({ ...VIEWPORTS[0] });
    const page = await context.newPage();

    // The free checkout lands on the thank-you page, in the store's theme.
    await page.goto(`/${store.slug}/p/${productSlug}`);
    const buyer = { name: 'Rae Reader', email: uniqueEmail('themed-buyer') };
    await page.getByLabel('Name', { exact: true }).fill(buyer.name);
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByRole('button', { name: 'Get it free' }).click();
    // A free item is claimed, not bought: its own heading.
    await expect(page.getByRole('heading', { name: 'Here’s your free download' })).toBeVisible();
    await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', look.theme);
    // The file is the primary action, in the creator's button colour; the members account is offered beside it.
    const download = page.getByRole('list', { name: 'Your downloads' }).getByRole('link', { name: 'Download wallpapers.pdf' });
    await expect(download).toHaveCSS('background-color', hexToRgb(look.colors.buttonColor));
    await expect(download).toHaveCSS('color', hexToRgb(look.colors.buttonTextColor));
    await expect(page.getByRole('link', { name: 'Create your members account' })).toBeVisible();
    expect(await contrastOf(page, '.sf-thanks-card h1', '.sf-thanks-card')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-thanks-card p', '.sf-thanks-card')).toBeGreaterThanOrEqual(4.5);
    await expectTapTargets(page, '.sf-thanks-card');
    await download.focus();
    await expectFocusRing(page);
    await page.getByRole('link', { name: 'Create your members account' }).focus();
    await expectFocusRing(page);
    await shotBoth(page, `themed-thank-you-${look.theme}`);

    // Members login: the store's theme, its picture (named after it) and its button colour.
    await page.goto(`/${store.slug}/members/login`);
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', look.theme);
    await expect(page.getByRole('img', { name: look.name })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', hexToRgb(look.colors.buttonColor));
    expect(await contrastOf(page, '.sf-members-card h1', '.sf-members-card')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-members-card label', '.sf-members-card')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '.sf-members-card button[type="submit"]', '.sf-members-card button[type="submit"]')).toBeGreaterThanOrEqual(4.5);
    await expectTapTargets(page, '.sf-members');
    await page.getByLabel('Email').focus();
    await expectFocusRing(page);
    await page.keyboard.press('Tab');
    await expectFocusRing(page);
    await shotBoth(page, `themed-members-login-${look.theme}`);

    // Signup with the buyer's email: details, the code step, then the library with the purchase.
    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.getByLabel('Name', { exact: true }).fill(buyer.name);
    await page.getByLabel('Email', { exact: true }).fill(buyer.email);
    await page.getByLabel('Password', { exact: true }).fill('member-Password-7');
    await page.getByLabel('Confirm password').fill('member-Password-7');
    await page.getByRole('button', { name: 'Continue' }).click();
    const code = await waitForCode(request, buyer.email, { subject: /verification code/i });
    await expect(page.getByLabel('Verification code')).toBeVisible();
    await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', look.theme);
    await expectTapTargets(page, '.sf-members');
    await shotBoth(page, `themed-members-code-${look.theme}`);
    await page.getByLabel('Verification code').fill(code);
    await page.getByRole('button', { name: 'Verify and create account' }).click();

    const purchase = page.getByTestId('purchase').filter({ hasText: 'Studio Wallpaper Pack' });
    await expect(purchase).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Your library' })).toBeVisible();
    await expect(page.locator('.sf-root')).toHaveAttribute('data-theme', look.theme);
    await expect(page.getByRole('link', { name: look.name })).toBeVisible();
    expect(await contrastOf(page, '.sf-members-card h1', '.sf-members-card')).toBeGreaterThanOrEqual(4.5);
    expect(await contrastOf(page, '[data-testid="purchase"] h3', '.sf-members-card')).toBeGreaterThanOrEqual(4.5);
    await expectTapTargets(page, '.sf-members');
    await shotBoth(page, `themed-members-library-${look.theme}`);
    await context.close();
  });
}

function hexToRgb(hex: string): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255})`;
}
