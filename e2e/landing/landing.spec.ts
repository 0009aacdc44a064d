import { expect, test } from '@playwright/test';
import { shot, VIEWPORTS } from '../support/screens.ts';
import { seedStore, uniqueSlug } from '../support/seed.ts';

test.describe('landing mode', () => {
  test('/ on the product host is the landing page, and Sign in opens the dashboard login', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: /your store, your products/i })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'landing');
    // The SPA took over the prerendered page: one page, not two.
    await expect(page.locator('h1')).toHaveCount(1);
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL('/login');
    await expect(page.locator('html')).toHaveAttribute('data-app-mode', 'dashboard');
  });

  test('unknown landing paths redirect to /', async ({ page }) => {
    await page.goto('/website');
    await expect(page).toHaveURL('/');
  });

  // The preview of a published site is the website journey's (e2e/website); here, the failures.
  test('/website/{slug} of a store with no published page, or of an unknown slug, shows Website Not Found', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('site'), name: 'Preview Website' });
    await page.goto(`/website/${store.slug}`);
    await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
    await expect(page.getByText(store.slug, { exact: true })).toBeVisible();
    await expect(page.getByText(/Website preview on a development host/)).toBeVisible();
    await page.goto('/website/ghost-e2e/about');
    await expect(page.getByRole('heading', { name: 'Website Not Found' })).toBeVisible();
    await expect(page.getByText('ghost-e2e', { exact: true })).toBeVisible();
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the server sends the landing page as HTML: headline, text and the ways in', async ({ request }) => {
    const response = await request.get('/');
    expect(response.status()).toBe(200);
    const html = await response.text();
    expect(html).toContain('Your store, your products, <span');
    expect(html).toContain('Everything you need to sell online');
    expect(html).toContain('id="shopfront-config"');
  });

  test('the landing page reads, links work, and a message says what needs JavaScript', async ({ page }) => {
    for (const { viewport } of VIEWPORTS) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1, name: /your store, your products/i })).toBeVisible();
      await expect(page.getByText(/Shopfront gives you a beautiful storefront/)).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Please turn on JavaScript' })).toBeVisible();
      await shot(page, 'landing-no-js');
    }
    await expect(page.getByRole('link', { name: 'Create your free store' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
  });

  test('the dashboard login and the members login say to turn JavaScript on', async ({ page, request }) => {
    const store = await seedStore(request, { slug: uniqueSlug('nojs'), name: 'No Script Shop' });
    for (const [path, name] of [
      ['/login', 'login'],
      ['/dashboard', 'dashboard'],
      [`/${store.slug}/members/login`, 'members-login'],
    ] as const) {
      await page.setViewportSize(VIEWPORTS[0].viewport);
      await page.goto(path);
      await expect(page.getByRole('heading', { name: 'Please turn on JavaScript' })).toBeVisible();
      // Playwright's text matching skips <noscript>; the alert's accessible text is read instead.
      await expect(page.getByRole('alert')).toContainText("Turn JavaScript on in your browser's settings (or allow it for this site), then reload the page.");
      await shot(page, `no-js-${name}`);
    }
  });
});
